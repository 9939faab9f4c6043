// Not from the contract's index: api/auth.ts, where they sit, would bring its zod schemas to the first screen.
import CSRF_HEADER from 'virtual:contract-value/CSRF_HEADER';
import SESSION_DELIVERY_HEADER from 'virtual:contract-value/SESSION_DELIVERY_HEADER';
import errorReply from 'virtual:json-schema/errorReplySchema';
import type { ErrorCode, ErrorReply, Language } from '@wallet/contract';
import { CLIENT_LIMITS } from '@wallet/contract';
import { jsonReplySchema } from './json-check';

/** Failures found by the client itself, before or instead of an error reply from the server. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'BAD_REPLY'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;
export type ApiErrorDetails = NonNullable<ErrorReply['error']['details']>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** A code of the contract, a client code, or a code this build does not know yet. */
  readonly code: ApiErrorCode | (string & {});
  /** HTTP status; 0 when no reply arrived. */
  readonly status: number;
  readonly details: ApiErrorDetails | undefined;

  constructor(code: ApiErrorCode | (string & {}), message: string, status: number, details?: ApiErrorDetails) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export type UnreachableReason = 'network' | 'timeout';

/** Anything with zod's safeParse: the reply is checked against the contract before use. */
export type ReplySchema<T> = {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false };
};

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Statuses besides 2xx whose body is data, e.g. 503 from /readyz. */
  acceptStatus?: readonly number[];
};

export type ApiClientDeps = {
  baseUrl: () => string;
  /**
   * The CSRF token a state-changing call must echo; null when signed out. `fresh` asks for it anew
   * (the session changed under the page, e.g. a sign-in in another tab).
   */
  csrfToken: (fresh: boolean) => Promise<string | null>;
  language: () => Language;
  /** The server said the session is gone (401). */
  endSession: () => void;
  goToLogin: () => void;
  /** Tells the person that no reply came; the promise still rejects. */
  onUnreachable: (reason: UnreachableReason) => void;
  /**
   * Makes ready what an error reply is shown with (the error messages of the member's language, which
   * the first screen does not load) before the call rejects with it; resolves whether or not they came.
   */
  beforeErrorReply?: () => Promise<void>;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Every error reply is checked against the contract's ErrorReply, as JSON Schema: no zod on the first screen. */
const errorReplySchema = jsonReplySchema<ErrorReply>(errorReply);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Options<T> = RequestOptions & { schema?: ReplySchema<T> };

const GATEWAY_STATUSES = [502, 503, 504];

export function createApiClient(deps: ApiClientDeps) {
  const timeoutMs = deps.timeoutMs ?? CLIENT_LIMITS.httpTimeoutMs;

  async function request(
    method: Method,
    path: string,
    options: RequestOptions,
    freshCsrf = false,
  ): Promise<{ status: number; data: unknown }> {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', deps.language());
    // The session is the HttpOnly cookie (ADR 0012): sign-ins are asked to set it, never to hand over a token.
    headers.set(SESSION_DELIVERY_HEADER, 'cookie');
    if (method !== 'GET') {
      const csrf = await deps.csrfToken(freshCsrf);
      if (csrf) headers.set(CSRF_HEADER, csrf);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    // One controller for both the timeout and the caller's cancellation (TanStack Query aborts
    // queries nobody watches any more); AbortSignal.any is too new for older phones.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = options.signal;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) onCallerAbort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    let text: string;
    try {
      response = await (deps.fetch ?? fetch)(joinUrl(deps.baseUrl(), path), {
        method,
        headers,
        body,
        signal: controller.signal,
        // A regional server the member picked is another origin: its cookie goes only when asked for.
        credentials: 'include',
      });
      // The timeout covers the whole body too: a server may send headers and then stall.
      text = await response.text();
    } catch (cause) {
      if (callerSignal?.aborted && !timedOut) throw cause;
      if (timedOut) {
        deps.onUnreachable('timeout');
        throw new ApiError('TIMEOUT', `No reply within ${timeoutMs} ms`, 0);
      }
      deps.onUnreachable('network');
      throw new ApiError('NETWORK_ERROR', 'The server could not be reached', 0);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }

    const payload = parseJson(text);
    if (response.status === 401) {
      deps.endSession();
      deps.goToLogin();
    }
    const accepted = response.ok || options.acceptStatus?.includes(response.status) === true;
    if (accepted && payload.ok) return { status: response.status, data: payload.value };
    if (response.ok) throw new ApiError('BAD_REPLY', `Reply to ${method} ${path} is not JSON`, response.status);
    const parsed = errorReplySchema.safeParse(payload.ok ? payload.value : undefined);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      // Refused before anything was done: with the session's current token the same call is safe to repeat once.
      if (code === 'CSRF_TOKEN_INVALID' && !freshCsrf) return request(method, path, options, true);
      await deps.beforeErrorReply?.();
      throw new ApiError(code, message, response.status, details);
    }
    // A proxy or load balancer answered for a server it could not reach: to the person, that is
    // the same as no connection.
    if (GATEWAY_STATUSES.includes(response.status)) {
      deps.onUnreachable('network');
      throw new ApiError('NETWORK_ERROR', `HTTP ${response.status} from a gateway`, response.status);
    }
    throw new ApiError('BAD_REPLY', `HTTP ${response.status} without an error reply`, response.status);
  }

  async function call<T>(method: Method, path: string, options: Options<T>): Promise<T> {
    const { status, data } = await request(method, path, options);
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) throw new ApiError('BAD_REPLY', `Reply to ${method} ${path} does not match the contract`, status);
    return parsed.data;
  }

  return {
    get: <T>(path: string, options: Omit<Options<T>, 'body'> = {}) => call<T>('GET', path, options),
    // A DELETE may carry a body: the second factor a guarded removal asks for.
    delete: <T>(path: string, options: Options<T> = {}) => call<T>('DELETE', path, options),
    post: <T>(path: string, body?: unknown, options: Options<T> = {}) => call<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options: Options<T> = {}) => call<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options: Options<T> = {}) => call<T>('PATCH', path, { ...options, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // 204 and other empty replies are fine: there is simply no data.
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function isClientErrorCode(code: string): code is ClientErrorCode {
  return (CLIENT_ERROR_CODES as readonly string[]).includes(code);
}
