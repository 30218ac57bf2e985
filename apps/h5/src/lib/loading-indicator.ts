import { i18n } from './i18n';

/**
 * One loading toast shared by all in-flight requests. It appears only after a short delay so fast
 * replies do not flash a mask over the page, and it never hides a message toast shown meanwhile.
 *
 * antd-mobile's Toast (with its animation library) is imported on first use: nothing on the first
 * screen needs it, and it would otherwise weigh on the home page's initial load.
 */
const SHOW_AFTER_MS = 250;

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

function run(action: (t: ToastApi) => void): void {
  const mine = ++generation;
  void toast().then((t) => {
    if (mine === generation) action(t);
  });
}

export function beginLoading(): () => void {
  pending += 1;
  if (pending === 1) {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending > 0) {
        visible = true;
        run((t) => t.show({ icon: 'loading', content: i18n.t('common.loading'), duration: 0, maskClickable: false }));
      }
    }, SHOW_AFTER_MS);
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
  run((t) => t.show(icon ? { icon, content } : { content }));
}

/** Loads the toast module while the user reads the first screen, so the first message is instant. */
export function preloadToast(): void {
  void toast();
}
