/**
 * Replies public/boot.js asked for while the app's scripts were still on their way (home's balances,
 * profile and pop-ups: see build/boot.ts), handed to the API client's first call for the same path
 * instead of asking the server again. Each is used once, only within BOOT_REPLY_MS of the page
 * opening and only when asked for in the same language; any doubt and the call goes to the network.
 */
type BootReplies = { language: string; openedAt: number; replies: Record<string, Promise<Response>> };

declare global {
  interface Window {
    __walletBootReplies?: BootReplies;
  }
}

const BOOT_REPLY_MS = 10_000;
const NO_BODY = [101, 204, 205, 304];

/** The reply, read whole: the client's timeout cannot abort a request it did not start itself. */
async function buffered(reply: Promise<Response>): Promise<Response> {
  const response = await reply;
  const body = NO_BODY.includes(response.status) ? null : await response.text();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function takeBootReply(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | undefined {
  const boot = window.__walletBootReplies;
  if (!boot || typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return undefined;
  if (performance.now() - boot.openedAt > BOOT_REPLY_MS) {
    window.__walletBootReplies = undefined;
    return undefined;
  }
  const reply = boot.replies[input];
  if (!reply || new Headers(init?.headers).get('Accept-Language') !== boot.language) return undefined;
  delete boot.replies[input];
  return reply;
}

/** fetch, but a GET boot.js has already made is answered from its reply (or made again should that have failed). */
export const fetchWithBootReplies: typeof fetch = (input, init) => {
  const reply = takeBootReply(input, init);
  if (!reply) return fetch(input, init);
  const answer = buffered(reply).catch(() => fetch(input, init));
  const signal = init?.signal;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
};
