// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../test/render-page';
import { CoinChoicePage } from './coin-choice-page';
import { QueryView } from './query-view';
import { SearchListPopup } from './search-list-popup';
import { Segmented } from './segmented';
import { Callout } from './state-view';
import { TabRow } from './tab-button';

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

describe('a part drawn from one read', () => {
  const read = (over: Partial<{ isPending: boolean; isError: boolean; data: string[] | undefined }>) => ({
    isPending: false,
    isError: false,
    data: undefined,
    refetch: vi.fn(),
    ...over,
  });
  const view = (query: ReturnType<typeof read>) => (
    <QueryView query={query} isEmpty={(d) => d.length === 0} emptyText="Nothing yet">
      {(d) => <span data-testid="drawn">{d.join(',')}</span>}
    </QueryView>
  );

  it('waits, then draws the reply', async () => {
    const { rerender } = await renderPage(view(read({ isPending: true })));
    expect(document.querySelector('.page-loader')).toBeTruthy();
    rerender(view(read({ data: ['a', 'b'] })));
    expect(screen.getByTestId('drawn').textContent).toBe('a,b');
  });

  it("shows the page's own placeholder while it loads, when it has one", async () => {
    await renderPage(
      <QueryView query={read({ isPending: true })} loading={<div data-testid="placeholder" />}>
        {() => null}
      </QueryView>,
    );
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    expect(document.querySelector('.page-loader')).toBeNull();
  });

  it('says when there is nothing, and offers a retry when the read failed even with an earlier reply', async () => {
    const failed = read({ isError: true, data: ['a'] });
    const { rerender } = await renderPage(view(read({ data: [] })));
    expect(screen.getByTestId('empty-state').textContent).toContain('Nothing yet');
    rerender(view(failed));
    expect(screen.queryByTestId('drawn')).toBeNull();
    fireEvent.click(screen.getByTestId('error-state-retry'));
    expect(failed.refetch).toHaveBeenCalled();
  });
});

describe('a row of tabs', () => {
  it('marks the selected value, carries each modifier and hands a tapped value back', async () => {
    const chosen = vi.fn();
    await renderPage(
      <TabRow
        className="row"
        rowTestId="row"
        block="tab"
        values={['a', 'b'] as const}
        selected="b"
        onSelect={chosen}
        modifier={(v) => (v === 'a' ? 'up' : 'down')}
        label={(v) => v.toUpperCase()}
        testId={(v) => `tab-${v}`}
      />,
    );
    expect(screen.getByTestId('row').getAttribute('role')).toBe('tablist');
    expect(screen.getByTestId('tab-a').className).toBe('tab tab--up');
    expect(screen.getByTestId('tab-b').className).toBe('tab tab--down tab--active');
    expect(screen.getByTestId('tab-b').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('tab-a'));
    expect(chosen).toHaveBeenCalledWith('a');
  });
});

describe('a callout', () => {
  it('wears the soft shade of its tone; information the accent', async () => {
    await renderPage(
      <>
        <Callout testId="warn">w</Callout>
        <Callout tone="info" testId="info">
          i
        </Callout>
        <Callout tone="danger" testId="danger">
          d
        </Callout>
      </>,
    );
    expect(screen.getByTestId('warn').className).toBe('callout tone-warning');
    expect(screen.getByTestId('info').className).toBe('callout tone-accent');
    expect(screen.getByTestId('danger').className).toBe('callout tone-danger');
    expect(screen.getByTestId('info').getAttribute('role')).toBeNull();
  });
});

describe('the pill choices', () => {
  it('labels values by a translation prefix, or by themselves', async () => {
    await renderPage(
      <>
        <Segmented
          values={['coin', 'lever'] as const}
          labelPrefix="money.account"
          value="coin"
          onChange={() => {}}
          testId="acc"
        />
        <Segmented values={['TRC20', 'ERC20']} value="ERC20" onChange={() => {}} testId="chain" />
      </>,
    );
    expect(screen.getByTestId('acc-coin').textContent).toBe('Coin');
    expect(screen.getByTestId('acc-coin').className).toBe('segmented__item segmented__item--active');
    expect(screen.getByTestId('chain-TRC20').textContent).toBe('TRC20');
    expect(screen.getByTestId('chain-ERC20').getAttribute('aria-selected')).toBe('true');
  });
});
