import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DemoPriceBannerView } from './demo-price-banner';

const render = (source: Parameters<typeof DemoPriceBannerView>[0]['source']) =>
  renderToStaticMarkup(<DemoPriceBannerView source={source} />);

describe('demo price source banner', () => {
  it('shows on the simulated feed, with no way to close it', () => {
    const html = render({ feed: 'simulated', demo: true });
    expect(html).toContain('data-testid="demo-price-banner"');
    expect(html).toContain('Demo price source');
    expect(html).toContain('simulated feed, not from any market');
    expect(html).not.toMatch(/ant-alert-close/);
    expect(html).not.toMatch(/<button/);
  });

  it('says so when there is no price source at all', () => {
    expect(render({ feed: 'off', demo: true })).toContain('No price source');
  });

  it('is absent for a real market, and while the source is not known yet', () => {
    expect(render({ feed: 'binance', demo: false })).toBe('');
    expect(render(undefined)).toBe('');
  });
});
