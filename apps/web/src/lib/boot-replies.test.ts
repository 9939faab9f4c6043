import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchWithBootReplies } from './boot-replies';

/** Replies boot.js fetched before the app ran are used once, in the same language, while fresh; else the network answers. */
const network = vi.fn(async () => new Response('{"from":"network"}', { status: 200 }));
const boot = (replies: Record<string, Promise<Response>>, openedAt = performance.now()) => {
  Object.assign(globalThis.window, { __walletBootReplies: { language: 'zh', openedAt, replies } });
};
const get = (path: string, language = 'zh', signal?: AbortSignal) =>
  fetchWithBootReplies(path, { method: 'GET', headers: { 'Accept-Language': language }, signal }).then((r) => r.text());

beforeEach(() => {
  Object.assign(globalThis, { window: {} });
  vi.stubGlobal('fetch', network);
  network.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(globalThis, 'window');
});

describe('replies asked for by boot.js', () => {
  it('answers the first call for the path from the boot reply, the next from the network', async () => {
    boot({ '/api/v1/me': Promise.resolve(new Response('{"from":"boot"}', { status: 200 })) });
    expect(await get('/api/v1/me')).toBe('{"from":"boot"}');
    expect(network).not.toHaveBeenCalled();
    expect(await get('/api/v1/me')).toBe('{"from":"network"}');
  });

  it('keeps the status of the boot reply, e.g. a 401 for an expired session', async () => {
    boot({ '/api/v1/me': Promise.resolve(new Response('{"error":{}}', { status: 401 })) });
    const response = await fetchWithBootReplies('/api/v1/me', { headers: { 'Accept-Language': 'zh' } });
    expect(response.status).toBe(401);
  });

  it('asks the network when the language differs, the reply is stale, or boot.js could not fetch it', async () => {
    boot({ '/api/v1/me': Promise.resolve(new Response('{"from":"boot"}')) });
    expect(await get('/api/v1/me', 'en')).toBe('{"from":"network"}');
    boot({ '/api/v1/me': Promise.resolve(new Response('{"from":"boot"}')) }, performance.now() - 60_000);
    expect(await get('/api/v1/me')).toBe('{"from":"network"}');
    boot({ '/api/v1/me': Promise.reject(new TypeError('Failed to fetch')) });
    expect(await get('/api/v1/me')).toBe('{"from":"network"}');
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('never answers another method or path from a boot reply', async () => {
    boot({ '/api/v1/me': Promise.resolve(new Response('{"from":"boot"}')) });
    await fetchWithBootReplies('/api/v1/me', { method: 'POST', headers: { 'Accept-Language': 'zh' } });
    expect(await get('/api/v1/wallet/balances')).toBe('{"from":"network"}');
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('lets the caller abort while the boot reply is still on its way', async () => {
    boot({ '/api/v1/me': new Promise<Response>(() => undefined) });
    const controller = new AbortController();
    const pending = get('/api/v1/me', 'zh', controller.signal);
    controller.abort(new Error('timed out'));
    await expect(pending).rejects.toThrow('timed out');
  });
});
