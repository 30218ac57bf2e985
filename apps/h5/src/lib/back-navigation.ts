/**
 * Back navigation of the spec (section 2): the back arrow goes back only when the in-app page stack
 * allows, otherwise to the home tab; on a root tab page a browser back first shows "press again to
 * exit" and only a second back within two seconds leaves.
 *
 * `history.length` counts entries of other sites and survives reloads, so the app keeps its own stack
 * of location keys instead.
 */
export type NavAction = 'PUSH' | 'REPLACE' | 'POP';

export class PageStack {
  private keys: string[] = [];

  apply(action: NavAction, key: string): void {
    if (this.keys.length === 0) {
      this.keys.push(key);
      return;
    }
    if (action === 'PUSH') {
      if (this.keys[this.keys.length - 1] !== key) this.keys.push(key);
    } else if (action === 'REPLACE') {
      this.keys[this.keys.length - 1] = key;
    } else {
      const at = this.keys.lastIndexOf(key);
      // A key we know is a back step; an unknown one is a forward step (or a reload's old entry).
      if (at >= 0) this.keys.length = at + 1;
      else this.keys.push(key);
    }
  }

  get depth(): number {
    return this.keys.length;
  }

  canGoBack(): boolean {
    return this.keys.length > 1;
  }
}

export const pageStack = new PageStack();

export const EXIT_WINDOW_MS = 2_000;
const SENTINEL = '__exitGuard';

export type HistoryLike = {
  readonly state: unknown;
  pushState(data: unknown, unused: string): void;
  back(): void;
};

export function isSentinelState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[SENTINEL] === true;
}

export type PopResult = { kind: 'none' } | { kind: 'exit-hint' } | { kind: 'switch-tab'; path: string };

/**
 * Keeps one extra "sentinel" history entry on top of a root tab page. A back press then lands on the
 * page's real entry (same URL, nothing changes on screen): that is the first press, which shows the
 * hint. The sentinel is re-armed after the two-second window so a later back asks again.
 */
export class ExitGuard {
  private root = false;
  private onSentinel = false;
  private releasedUntil = 0;
  private pendingTab: string | null = null;
  private rearmTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly history: HistoryLike,
    private readonly canArm: () => boolean = () => true,
    private readonly now: () => number = Date.now,
    private readonly windowMs = EXIT_WINDOW_MS,
  ) {}

  /** After every route change (and on first user activation): arm the sentinel on a root tab page. */
  update(isRoot: boolean): void {
    this.root = isRoot;
    this.onSentinel = isSentinelState(this.history.state);
    if (!isRoot || this.onSentinel || this.pendingTab !== null) return;
    if (this.now() < this.releasedUntil || !this.canArm()) return;
    // Keep the router's own state (key, index) so it sees the same location on this entry.
    const base = this.history.state && typeof this.history.state === 'object' ? this.history.state : {};
    this.history.pushState({ ...base, [SENTINEL]: true }, '');
    this.onSentinel = true;
  }

  /**
   * Switching tabs from the sentinel would leave the previous tab's real entry behind it. Step back off
   * the sentinel first; the caller replaces the route when `onPopState` reports `switch-tab`.
   * Returns false when the caller can replace right away.
   */
  beginTabSwitch(path: string): boolean {
    if (!this.onSentinel) return false;
    this.pendingTab = path;
    this.history.back();
    return true;
  }

  /** On every popstate, before the router's re-render. */
  onPopState(): PopResult {
    const wasSentinel = this.onSentinel;
    this.onSentinel = isSentinelState(this.history.state);
    if (this.pendingTab !== null) {
      const path = this.pendingTab;
      this.pendingTab = null;
      return { kind: 'switch-tab', path };
    }
    if (!wasSentinel || this.onSentinel || !this.root) return { kind: 'none' };
    this.releasedUntil = this.now() + this.windowMs;
    clearTimeout(this.rearmTimer);
    this.rearmTimer = setTimeout(() => this.update(this.root), this.windowMs);
    return { kind: 'exit-hint' };
  }

  dispose(): void {
    clearTimeout(this.rearmTimer);
  }
}
