/**
 * In-page checks for the touch and accessibility browser test: the tappable elements of the current
 * page that are smaller than a fingertip, and axe-core's serious and critical violations. Written as
 * source strings evaluated in the page (the e2e project is typed for Node, not the DOM).
 */

/** The smallest comfortable touch target, in CSS pixels (Apple HIG, WCAG 2.5.5). */
export const MIN_TARGET = 44;

export type SmallTarget = { what: string; width: number; height: number };

/**
 * Everything a finger can tap. An antd-mobile input counts through its field (the row that focuses it
 * when tapped), as a user aims at the row, not at the text line inside it.
 */
const TAPPABLE = [
  'a[href]',
  'button',
  '[role="button"]',
  '[role="tab"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="option"]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '.adm-switch',
  '.adm-tabs-tab',
  '.adm-capsule-tabs-tab',
  '.adm-selector-item',
].join(',');

/**
 * Lists the visible tappable elements below `min`×`min`. The size counts a hit-area pseudo-element
 * (an absolutely placed ::before or ::after that reaches past the element), so a small-looking control
 * can keep its look and still take a fingertip.
 */
export const smallTargetsScript = (min = MIN_TARGET) => `(() => {
  const min = ${min};
  const px = (v) => (v === 'auto' || v === '' ? null : parseFloat(v));
  const reach = (el, pseudo, rect) => {
    const s = getComputedStyle(el, pseudo);
    if (s.content === 'none' || s.content === 'normal' || s.display === 'none' || s.position !== 'absolute') return null;
    const [l, r, t, b] = [px(s.left), px(s.right), px(s.top), px(s.bottom)];
    const w = l !== null && r !== null ? rect.width - l - r : px(s.width) ?? 0;
    const h = t !== null && b !== null ? rect.height - t - b : px(s.height) ?? 0;
    return { w, h };
  };
  const describe = (el) => {
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
    return [el.tagName.toLowerCase() + (cls ? '.' + cls : ''), id ? '#' + id : '', text ? '"' + text + '"' : ''].filter(Boolean).join(' ');
  };
  const seen = new Set();
  const out = [];
  for (let el of document.querySelectorAll(${JSON.stringify(TAPPABLE)})) {
    if (el.matches('input, textarea')) {
      if (el.matches('[type="file"]')) el = el.closest('label') || el;
      else el = el.closest('label, .adm-list-item, .adm-form-item, .adm-search-bar, .adm-passcode-input') || el;
    }
    // A tappable inside another (a link's inner span with a role) is the same target.
    const outer = el.parentElement && el.parentElement.closest(${JSON.stringify(TAPPABLE)});
    if (outer && outer !== el && !outer.matches('input, textarea, label')) continue;
    if (seen.has(el)) continue;
    seen.add(el);
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    let w = rect.width;
    let h = rect.height;
    for (const pseudo of ['::before', '::after']) {
      const r = reach(el, pseudo, rect);
      if (r) { w = Math.max(w, r.w); h = Math.max(h, r.h); }
    }
    if (w + 0.5 < min || h + 0.5 < min) out.push({ what: describe(el), width: Math.round(w), height: Math.round(h) });
  }
  return out;
})()`;

export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

/** Runs axe-core (already injected) on the document; resolves to its serious and critical violations. */
export const axeScript = `(async () => {
  const result = await window.axe.run(document, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
})()`;
