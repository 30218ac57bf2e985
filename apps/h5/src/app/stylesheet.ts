/**
 * Resolves once the app's stylesheet has loaded (or failed, or `timeoutMs` passed). In a build,
 * index.html's boot script adds the sheet (`link[data-app-css]`) so that it does not block the first
 * paint; the app must not render before it, or the page would flash unstyled. In development Vite
 * injects the styles itself and there is no such link.
 */
export function stylesheetReady(timeoutMs = 10_000): Promise<void> {
  const link = typeof document === 'undefined' ? null : document.querySelector<HTMLLinkElement>('link[data-app-css]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}
