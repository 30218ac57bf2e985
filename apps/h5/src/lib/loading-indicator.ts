import { i18n } from './i18n';

/**
 * One loading toast shared by all in-flight requests. It appears only after a short delay so fast
 * replies do not flash a mask over the page, and it never hides a message toast: not one shown while
 * it is up, and not one still on screen when a new request begins (the refetches a success message
 * triggers would otherwise replace "Order filled" with "Loading" and clear it): such a request goes
 * without the loading toast.
 *
 * antd-mobile's Toast (with its animation library) is imported on first use: nothing on the first
 * screen needs it, and it would otherwise weigh on the home page's initial load.
 */
const SHOW_AFTER_MS = 250;
/** How long a message toast stays (antd-mobile's default duration). */
export const MESSAGE_MS = 2000;

type ToastApi = typeof import('./antd-imperative')['Toast'];
let toastModule: Promise<ToastApi> | null = null;
const toast = (): Promise<ToastApi> => {
  toastModule ??= import('./antd-imperative').then((m) => m.Toast);
  return toastModule;
};

let pending = 0;
let visible = false;
/** Orders toast calls: a later call must not be overtaken by an earlier one still loading the module. */
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the message toast last shown leaves the screen. */
let messageUntil = 0;

function run(action: (t: ToastApi) => void): void {
  const mine = ++generation;
  void toast().then((t) => {
    if (mine === generation) action(t);
  });
}

export function beginLoading(): () => void {
  pending += 1;
  if (pending === 1) {
    const showIfStillLoading = () => {
      timer = undefined;
      if (pending === 0) return;
      // A message is on screen: it stays, and this request goes without the loading toast. (Showing
      // it later instead would drop a click-blocking mask on a page the user is already using.)
      if (messageUntil > Date.now()) return;
      visible = true;
      run((t) => t.show({ icon: 'loading', content: i18n.t('common.loading'), duration: 0, maskClickable: false }));
    };
    timer = setTimeout(showIfStillLoading, SHOW_AFTER_MS);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending > 0) return;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (visible) {
      visible = false;
      run((t) => t.clear());
    }
  };
}

/** A message toast replaces the loading one; remember that so the end of loading does not clear it. */
export function showMessage(content: string, icon?: 'success' | 'fail'): void {
  visible = false;
  messageUntil = Date.now() + MESSAGE_MS;
  run((t) => t.show(icon ? { icon, content, duration: MESSAGE_MS } : { content, duration: MESSAGE_MS }));
}

/** Loads the toast module while the user reads the first screen, so the first message is instant. */
export function preloadToast(): void {
  void toast();
}
