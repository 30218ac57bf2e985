import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { OptionOrder, VoidReason } from '../api/options-api';
import { DeliveredCard } from './order-cards';

type English = { option: { result: { void: string }; void_reason: Record<VoidReason, string> } };
// The app's own English file, found as the app finds it: the reason a user reads is the one it gives for the key.
const en = Object.values(import.meta.glob<English>('../../../locales/en.json', { eager: true, import: 'default' }))[0]!;
const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: en } } });

const base: OptionOrder = {
  id: 41,
  match_id: 1,
  symbol_name: 'BTC/USDT',
  currency_id: 3,
  currency_name: 'USDT',
  type: 1,
  seconds: 60,
  number: '100',
  profit_ratio: '85',
  loss_ratio: '100',
  fee: '0',
  open_price: '60145.86',
  open_price_time: 1_780_000_000_000,
  open_second: 1_780_000_000,
  created_at: 1_780_000_000_400,
  delivery_second: 1_780_000_060,
  delivery_at: 1_780_000_061_000,
  remain_milli_seconds: 0,
  status: 'settled',
  end_price: null,
  end_price_time: null,
  end_second: null,
  void_reason: null,
  profit_result: null,
  payout: null,
  fact_profits: null,
  settled_at: 1_780_000_061_200,
  demo: false,
};

const render = (order: OptionOrder) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DeliveredCard order={order} verify={<span data-testid="verify-slot" />} />
    </I18nextProvider>,
  );

/** The text of the element carrying `testId`, as rendered. */
function textOf(html: string, testId: string): string | undefined {
  const match = html.match(new RegExp(`<[^>]*data-testid="${testId}"[^>]*>([^<]*)<`));
  return match?.[1];
}

const reasons: Record<VoidReason, RegExp> = {
  no_sample_open: /second you bought in/,
  no_sample_delivery: /delivery second/,
  source_changed: /source changed/,
};

describe('DeliveredCard: a void order', () => {
  for (const [reason, words] of Object.entries(reasons) as [VoidReason, RegExp][]) {
    it(`says why it is void (${reason}) and that the whole stake came back`, () => {
      const html = render({
        ...base,
        status: 'void',
        void_reason: reason,
        open_price: reason === 'no_sample_open' ? null : base.open_price,
        open_price_time: reason === 'no_sample_open' ? null : base.open_price_time,
        payout: '100',
      });
      expect(html).toMatch(new RegExp(`data-testid="option-void-reason-41"[^>]*data-reason="${reason}"`));
      const text = textOf(html, 'option-void-reason-41');
      // The translated sentence for this reason, never the raw key or another reason's sentence.
      expect(text).toBe(en.option.void_reason[reason]);
      expect(text).toMatch(words);
      expect(text).toMatch(/stake was returned in full/);
      expect(textOf(html, 'option-result-41')).toBe(en.option.result.void);
      expect(textOf(html, 'option-payout-41')).toBe('100 USDT');
      // A void order has no end sample to verify and shows no profit.
      expect(html).not.toContain('option-end-price-41');
      expect(html).not.toContain('option-profit-41');
      expect(html).not.toContain('verify-slot');
    });
  }

  it('shows no void reason on a settled order', () => {
    const html = render({
      ...base,
      status: 'settled',
      end_price: '60150.00',
      end_price_time: 1_780_000_060_000,
      end_second: 1_780_000_060,
      profit_result: 1,
      payout: '185',
      fact_profits: '85',
    });
    expect(html).not.toContain('option-void-reason-41');
    expect(textOf(html, 'option-end-price-41')).toBe('60,150.00');
    expect(html).toContain('verify-slot');
  });
});
