import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ValuationList } from './valuation-list';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { valuation: { default: 'Default' } } } } });

function render(current: string) {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ValuationList units={['USDT', 'BTC', 'ETH']} current={current} onSelect={() => undefined} />
    </I18nextProvider>,
  );
}

describe('ValuationList', () => {
  it('lists every unit in order, USDT marked as the default', () => {
    const html = render('USDT');
    const order = ['valuation-USDT', 'valuation-BTC', 'valuation-ETH'].map((id) => html.indexOf(`data-testid="${id}"`));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('Default');
  });

  it('checks only the current unit', () => {
    const html = render('BTC');
    expect(html.match(/data-testid="valuation-check"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="valuation-BTC"/);
    expect(html).toMatch(/aria-pressed="false"[^>]*data-testid="valuation-USDT"/);
  });
});
