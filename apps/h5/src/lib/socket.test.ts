import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketSocket, type SocketLike } from './socket';

/** A socket.io socket stand-in: records what is emitted and lets the test fire server events. */
class FakeSocket implements SocketLike {
  connected = false;
  emitted: [string, unknown][] = [];
  connects = 0;
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  constructor(readonly auth: (cb: (data: object) => void) => void) {}
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  /** The server accepts the handshake. */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  /** The network drops. */
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  take() {
    const out = this.emitted;
    this.emitted = [];
    return out;
  }
}

const ticker = (symbol: string, now_price: string) => ({
  symbol,
  pair_id: 1,
  legal_id: 3,
  currency_id: 1,
  now_price,
  change: '0.00',
  high: now_price,
  low: now_price,
  volume: '0',
  amount: '0',
  demo: true,
  time: 0,
});

let fake: FakeSocket;
let client: MarketSocket;
let made = 0;

beforeEach(() => {
  vi.useFakeTimers();
  made = 0;
  client = new MarketSocket((auth) => {
    made += 1;
    fake = new FakeSocket(auth);
    return fake;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MarketSocket', () => {
  it('connects on the first subscription and subscribes once it is online', () => {
    const off = client.subscribe('BTC/USDT', {});
    expect(made).toBe(1);
    expect(client.state).toBe('connecting');
    expect(fake.take()).toEqual([]);
    fake.open();
    expect(client.state).toBe('online');
    expect(fake.take()).toEqual([['subscribe', { symbol: 'BTC/USDT' }]]);
    off();
    expect(fake.take()).toEqual([['unsubscribe', { symbol: 'BTC/USDT' }]]);
  });

  it('counts subscriptions per symbol: one subscribe, one unsubscribe', () => {
    const a = client.subscribe('BTC/USDT', {});
    fake.open();
    const b = client.subscribe('BTC/USDT', {});
    const c = client.subscribe('ETH/USDT', {});
    expect(fake.take()).toEqual([
      ['subscribe', { symbol: 'BTC/USDT' }],
      ['subscribe', { symbol: 'ETH/USDT' }],
    ]);
    a();
    expect(fake.take()).toEqual([]);
    a(); // a second call of the same stop function changes nothing
    expect(fake.take()).toEqual([]);
    b();
    expect(fake.take()).toEqual([['unsubscribe', { symbol: 'BTC/USDT' }]]);
    expect([...client.activeSymbols().keys()]).toEqual(['ETH/USDT']);
    c();
  });

  it('asks for the newest chart period and falls back when it ends', () => {
    const list = client.subscribe('BTC/USDT', {});
    fake.open();
    const chart = client.subscribe('BTC/USDT', {}, '5min');
    expect(fake.take()).toEqual([
      ['subscribe', { symbol: 'BTC/USDT' }],
      ['subscribe', { symbol: 'BTC/USDT', period: '5min' }],
    ]);
    chart();
    expect(fake.take()).toEqual([['subscribe', { symbol: 'BTC/USDT' }]]);
    list();
  });

  it('subscribes again to everything after a reconnect, and says it reconnected', () => {
    const states: [string, boolean][] = [];
    client.onState((s, r) => states.push([s, r]));
    client.subscribe('BTC/USDT', {}, '1day');
    client.subscribe('*', {});
    fake.open();
    fake.take();
    fake.drop();
    expect(client.state).toBe('connecting');
    expect(fake.take()).toEqual([]);
    fake.open();
    expect(fake.take()).toEqual([
      ['subscribe', { symbol: 'BTC/USDT', period: '1day' }],
      ['subscribe', { symbol: '*' }],
    ]);
    expect(states).toEqual([
      ['connecting', false],
      ['online', false],
      ['connecting', false],
      ['online', true],
    ]);
  });

  it('retries by itself when the server closed the connection', () => {
    client.subscribe('BTC/USDT', {});
    fake.open();
    const before = fake.connects;
    fake.connected = false;
    fake.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(5_000);
    expect(fake.connects).toBe(before + 1);
  });

  it('delivers events to the subscribers of their pair; `*` gets every ticker', () => {
    const btc: string[] = [];
    const all: string[] = [];
    const depth: unknown[] = [];
    client.subscribe('BTC/USDT', { onTicker: (t) => btc.push(t.now_price), onDepth: (d) => depth.push(d) });
    client.subscribe('*', { onTicker: (t) => all.push(`${t.symbol} ${t.now_price}`) });
    fake.open();
    fake.fire('daymarket', ticker('BTC/USDT', '60000.00'));
    fake.fire('daymarket', ticker('ETH/USDT', '3000.00'));
    fake.fire('market_depth', { symbol: 'ETH/USDT', bids: [], asks: [], time: 0 });
    fake.fire('market_depth', { symbol: 'BTC/USDT', bids: [['1', '2']], asks: [], time: 0 });
    fake.fire('daymarket', null);
    expect(btc).toEqual(['60000.00']);
    expect(all).toEqual(['BTC/USDT 60000.00', 'ETH/USDT 3000.00']);
    expect(depth).toHaveLength(1);
  });

  it('sends the stored token at each handshake', () => {
    client.subscribe('BTC/USDT', {});
    let sent: object | undefined;
    fake.auth((data) => {
      sent = data;
    });
    // No login in this test: an empty token, which the server treats as public rooms only.
    expect(sent).toEqual({ token: '' });
  });

  it('closes the idle connection a while after the last subscription and reopens on demand', () => {
    const off = client.subscribe('BTC/USDT', {});
    fake.open();
    off();
    vi.advanceTimersByTime(14_000);
    expect(fake.connected).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(fake.connected).toBe(false);
    expect(client.state).toBe('offline');
    const connects = fake.connects;
    client.subscribe('ETH/USDT', {});
    expect(made).toBe(1);
    expect(fake.connects).toBe(connects + 1);
    fake.open();
    expect(fake.take().at(-1)).toEqual(['subscribe', { symbol: 'ETH/USDT' }]);
  });

  it('passes private-room events to their listeners', () => {
    const got: unknown[] = [];
    const off = client.onUser('coin_order', (p) => got.push(p));
    fake.open();
    fake.fire('coin_order', { id: 1 });
    off();
    fake.fire('coin_order', { id: 2 });
    expect(got).toEqual([{ id: 1 }]);
  });

  it('reconnects on a new login so the server can join the private room', () => {
    client.subscribe('BTC/USDT', {});
    fake.open();
    fake.take();
    const connects = fake.connects;
    client.reauthenticate();
    expect(fake.connects).toBe(connects + 1);
    fake.open();
    expect(fake.take()).toEqual([['subscribe', { symbol: 'BTC/USDT' }]]);
  });
});
