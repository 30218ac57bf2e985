import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExitGuard, type HistoryLike, isSentinelState, PageStack } from './back-navigation';

describe('PageStack', () => {
  it('follows pushes, replaces and back steps', () => {
    const stack = new PageStack();
    stack.apply('POP', 'home');
    expect(stack.canGoBack()).toBe(false);
    stack.apply('PUSH', 'settings');
    stack.apply('PUSH', 'language');
    expect(stack.depth).toBe(3);
    stack.apply('POP', 'settings');
    expect(stack.depth).toBe(2);
    stack.apply('REPLACE', 'login');
    expect(stack.depth).toBe(2);
    stack.apply('POP', 'home');
    expect(stack.canGoBack()).toBe(false);
  });

  it('treats an unknown popped key as a forward step', () => {
    const stack = new PageStack();
    stack.apply('POP', 'a');
    stack.apply('POP', 'b');
    expect(stack.depth).toBe(2);
  });
});

/** A browser history stand-in: entries with state, a pointer, and a queued popstate on back(). */
class FakeHistory implements HistoryLike {
  entries: unknown[] = [{ key: 'home', idx: 0 }];
  index = 0;
  onPop: () => void = () => {};
  get state() {
    return this.entries[this.index];
  }
  pushState(data: unknown) {
    this.entries = this.entries.slice(0, this.index + 1);
    this.entries.push(data);
    this.index += 1;
  }
  back() {
    if (this.index === 0) return;
    this.index -= 1;
    this.onPop();
  }
}

describe('ExitGuard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('arms a sentinel on a root page, hints on the first back, lets the second go, re-arms after 2 s', () => {
    const history = new FakeHistory();
    const guard = new ExitGuard(
      history,
      () => true,
      () => Date.now(),
    );
    guard.update(true);
    expect(history.entries).toHaveLength(2);
    expect(isSentinelState(history.state)).toBe(true);
    // The sentinel keeps the router's own state so the router sees the same location.
    expect(history.state).toMatchObject({ key: 'home', idx: 0 });

    history.index = 0; // the browser's back button
    expect(guard.onPopState()).toEqual({ kind: 'exit-hint' });
    // A route update within the window must not re-arm, or the second press could never leave.
    guard.update(true);
    expect(history.entries).toHaveLength(2);
    expect(history.index).toBe(0);

    vi.advanceTimersByTime(2_000);
    expect(history.index).toBe(1);
    expect(isSentinelState(history.state)).toBe(true);
  });

  it('does nothing on a page that is not a root tab', () => {
    const history = new FakeHistory();
    const guard = new ExitGuard(history);
    guard.update(false);
    expect(history.entries).toHaveLength(1);
    expect(guard.onPopState()).toEqual({ kind: 'none' });
  });

  it('waits for user activation before arming', () => {
    const history = new FakeHistory();
    let active = false;
    const guard = new ExitGuard(history, () => active);
    guard.update(true);
    expect(history.entries).toHaveLength(1);
    active = true;
    guard.update(true);
    expect(history.entries).toHaveLength(2);
  });

  it('steps off the sentinel before a tab switch so the old tab leaves no entry behind', () => {
    const history = new FakeHistory();
    const guard = new ExitGuard(history);
    let popped: unknown = null;
    history.onPop = () => {
      popped = guard.onPopState();
    };
    guard.update(true);
    expect(guard.beginTabSwitch('/pages/trade/index')).toBe(true);
    expect(popped).toEqual({ kind: 'switch-tab', path: '/pages/trade/index' });
    expect(history.index).toBe(0);
  });

  it('lets the caller switch tabs directly when no sentinel is armed', () => {
    const guard = new ExitGuard(new FakeHistory(), () => false);
    guard.update(true);
    expect(guard.beginTabSwitch('/pages/assets/index')).toBe(false);
  });
});
