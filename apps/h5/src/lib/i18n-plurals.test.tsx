import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, switchI18nLanguage } from './i18n';

function Invited({ count }: { count: number }) {
  const { t } = useTranslation();
  return <span>{t('promotion.people', { count })}</span>;
}

const render = (count: number) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Invited count={count} />
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '');

describe('plural forms', () => {
  it('renders a count of 1 and 2 in Spanish with the right form', async () => {
    await initI18n('esp');
    expect(render(1)).toBe('<span>1 invitado</span>');
    expect(render(2)).toBe('<span>2 invitados</span>');
    expect(i18n.t('finance.days', { count: 1 })).toBe('1 día');
    expect(i18n.t('finance.days', { count: 30 })).toBe('30 días');
  });

  it('follows each language mark, not the device language (jp has one form, en two)', async () => {
    await switchI18nLanguage('jp');
    expect(render(1)).toBe('<span>1人招待</span>');
    await switchI18nLanguage('en');
    expect(i18n.t('account_security.signed_out_others', { count: 1 })).toBe('1 device signed out');
    expect(i18n.t('account_security.signed_out_others', { count: 3 })).toBe('3 devices signed out');
  });
});
