import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('./loading-indicator', () => ({
  beginLoading: () => () => {},
  showMessage: (message: string) => void shown.push(message),
}));

const { api, isApiError } = await import('./api');
const { i18n } = await import('./i18n');
await i18n.init({
  lng: 'en',
  resources: {
    en: {
      translation: {
        common: { load_data_failed: 'Could not load the data' },
        errors: { submit_failed: 'Submit failed, please try again', bind_failed: 'Bind failed, please try again' },
      },
    },
  },
});

/** A reply whose headers arrive at once and whose body arrives only when `send` is called. */
function slowReply() {
  let send: (body: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      send = (text) => {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      };
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'application/json' } }), send: (t: string) => send(t) };
}

/** fetch as the browser does it: the request's signal also cancels reading the body. */
function stubFetch(reply: () => Response) {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const response = reply();
    const reader = response.body?.getReader();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
      async pull(controller) {
        const next = await reader?.read();
        if (!next || next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    return new Response(stream, { status: response.status, headers: response.headers });
  });
}

describe('the API client reading replies', () => {
  beforeEach(() => {
    shown.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the message of an ok envelope', async () => {
    stubFetch(() => new Response(JSON.stringify({ type: 'ok', message: { id: 7 } })));
    await expect(api.get('thing')).resolves.toEqual({ id: 7 });
    expect(shown).toEqual([]);
  });

  it('toasts the server message of a failure envelope', async () => {
    stubFetch(() => new Response(JSON.stringify({ type: 'error', error: 'too_small', message: 'Amount too small' })));
    const error = await api.post('thing', { a: '1' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('too_small');
    expect(shown).toEqual(['Amount too small']);
  });

  it('says what failed, not a bare "ERROR", for a reply that is not an envelope', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('thing')).rejects.toThrow(i18n.t('common.load_data_failed'));
    await expect(api.post('thing', { a: '1' })).rejects.toThrow(i18n.t('errors.submit_failed'));
    await expect(api.post('bank/bind', { a: '1' }, { failure: 'bind' })).rejects.toThrow(i18n.t('errors.bind_failed'));
    expect(shown).toEqual([i18n.t('common.load_data_failed'), i18n.t('errors.submit_failed'), i18n.t('errors.bind_failed')]);
    expect(shown).not.toContain('ERROR');
  });

  it('is silent when the caller cancels while the body is still arriving', async () => {
    const reply = slowReply();
    stubFetch(() => reply.response);
    const caller = new AbortController();
    const pending = api.get('thing', undefined, { signal: caller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 10));
    caller.abort();
    const error = await pending;
    expect(isApiError(error) && error.kind).toBe('network');
    expect(shown).toEqual([]);
  });

  it('says the network failed, not "ERROR", when the body breaks off', async () => {
    vi.stubGlobal('fetch', async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body);
    });
    const error = await api.get('thing').catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('network');
    expect(shown).toHaveLength(1);
    expect(shown[0]).not.toBe('ERROR');
  });
});

describe('the API client and the boot script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete globalThis.__h5EarlyReplies;
  });

  it('reads a reply the boot script already asked for, once, and goes to the network after', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ type: 'ok', message: 'from the network' }));
    });
    const early = Promise.resolve(new Response(JSON.stringify({ type: 'ok', message: 'from the boot script' })));
    globalThis.__h5EarlyReplies = { at: Date.now(), replies: { 'currency/quotation_new': early } };
    await expect(api.get('currency/quotation_new')).resolves.toBe('from the boot script');
    expect(urls).toEqual([]);
    await expect(api.get('currency/quotation_new')).resolves.toBe('from the network');
    expect(urls).toEqual(['/api/currency/quotation_new']);
  });

  it('stops waiting for an early reply when the caller cancels', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}'));
    globalThis.__h5EarlyReplies = { at: Date.now(), replies: { 'currency/quotation_new': new Promise<Response>(() => {}) } };
    const controller = new AbortController();
    const pending = api.get('currency/quotation_new', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(isApiError(error) && error.kind).toBe('network');
  });
});
