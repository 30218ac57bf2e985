// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../test/render-page';
import { CoinChoicePage } from './coin-choice-page';
import { SearchListPopup } from './search-list-popup';

const coin = (id: number, name: string, enabled = true) => ({
  currency_id: id,
  currency_name: name,
  icon: '',
  decimals: 8,
  available: '2.5',
  frozen: '0',
  total: '2.5',
  usdt_value: '0.00',
  enabled,
});
const wallet = {
  total_usdt: '0.00',
  demo_prices: false,
  accounts: [{ account: 'coin', total_usdt: '0.00', balances: [coin(1, 'BTC'), coin(2, 'ETH', false), coin(3, 'USDT')] }],
};

describe('the coin choice page (deposit and withdraw, step one)', () => {
  it('lists the coins open to moves, with their notes, and hands the chosen one back', async () => {
    mockApi((call) => (call.path === 'wallet/list' ? wallet : undefined));
    const chosen = vi.fn();
    await renderPage(<CoinChoicePage kind="withdraw" onChoose={chosen} note={(c) => `${c.available} left`} />);
    await screen.findByTestId('withdraw-coin-BTC');
    expect(screen.queryByTestId('withdraw-coin-ETH')).toBeNull();
    expect(screen.getByTestId('withdraw-coin-USDT').textContent).toContain('2.5 left');
    fireEvent.click(screen.getByTestId('withdraw-coin-USDT'));
    expect(chosen).toHaveBeenCalledWith(expect.objectContaining({ currency_id: 3 }));
    expect(screen.getByTestId('withdraw-records')).toBeTruthy();
  });

  it('offers a retry when the balances cannot be read', async () => {
    mockApi(() => undefined);
    await renderPage(<CoinChoicePage kind="deposit" onChoose={() => {}} />);
    await screen.findByTestId('deposit-page');
    await waitFor(() => expect(screen.queryByTestId('deposit-coin')).toBeNull());
    expect(await screen.findByText(/retry/i)).toBeTruthy();
  });
});

describe('the searchable list sheet', () => {
  const items = [
    { code: 'DE', name: 'Germany' },
    { code: 'FR', name: 'France' },
    { code: 'JP', name: 'Japan' },
  ];
  const filter = (list: readonly (typeof items)[number][], query: string) =>
    list.filter((i) => i.name.toLowerCase().includes(query.toLowerCase()));

  it('filters by the query, marks the current row, picks one and closes', async () => {
    const picked = vi.fn();
    const closed = vi.fn();
    await renderPage(
      <SearchListPopup
        open
        onClose={closed}
        title="Country"
        searchPlaceholder="Search"
        loading={false}
        items={items}
        filter={filter}
        row={(i) => ({ key: i.code, name: i.name, code: i.code, selected: i.code === 'FR', testId: `c-${i.code}` })}
        onPick={picked}
      />,
    );
    expect(screen.getByTestId('c-FR').querySelector('.area-code-popup__check')).toBeTruthy();
    expect(screen.getByTestId('c-DE').querySelector('.area-code-popup__check')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'ja' } });
    await waitFor(() => expect(screen.queryByTestId('c-DE')).toBeNull());
    fireEvent.click(screen.getByTestId('c-JP'));
    expect(picked).toHaveBeenCalledWith(items[2]);
    expect(closed).toHaveBeenCalled();
  });

  it('says there is nothing when no row matches', async () => {
    await renderPage(
      <SearchListPopup
        open
        onClose={() => {}}
        title="Country"
        searchPlaceholder="Search"
        loading={false}
        items={items}
        filter={() => []}
        row={(i) => ({ key: i.code, name: i.name, code: i.code, selected: false, testId: `c-${i.code}` })}
        onPick={() => {}}
      />,
    );
    expect(document.querySelector('.area-code-popup__empty')).toBeTruthy();
  });
});
