import type { HttpError } from '@refinedev/core';
import { CSRF_HEADER } from '@wallet/contract';
import { adminUrl } from '../api-paths';
import { csrfToken } from './csrf';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** A query parameter's value: arrays become repeated parameters; empty values are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The error every failed call throws: Refine's HttpError with the server's stable code and translated message. */
export interface ApiError extends HttpError {
  code: string;
  details?: Record<string, unknown>;
}

/** The language the server answers in (its error messages), and the message for an unreachable server: set by the i18n setup. */
let language = 'en';
let networkMessage = 'The server could not be reached.';
export function setRequestLanguage(value: string, unreachable: string): void {
  language = value;
  networkMessage = unreachable;
}

/** Called after every call the server answered: the idle watch counts from the last one. */
let onActivity: () => void = () => {};
export function onServerActivity(listener: () => void): void {
  onActivity = listener;
}

const SAFE = new Set<Method>(['get', 'head', 'options']);

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One call to the admin API with the console cookie (same origin only), the CSRF header on unsafe
 * methods and the console's language. Replies are parsed as JSON and returned as they are: money
 * stays the decimal string the server sent.
 */
export async function apiRequest<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language, ...options.headers };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return send<T>(method, path, headers, hasBody ? JSON.stringify(options.body) : undefined, options);
}

/** One file as multipart form data (field "file"), with the cookie and CSRF header as every call. */
export function apiUpload<T = unknown>(path: string, file: Blob, name: string): Promise<T> {
  const form = new FormData();
  form.append('file', file, name);
  // No content-type: the browser writes the multipart boundary itself.
  return send<T>('post', path, { accept: 'application/json', 'accept-language': language }, form, {});
}

async function send<T>(
  method: Method,
  path: string,
  headers: Record<string, string>,
  body: string | FormData | undefined,
  options: RequestOptions,
): Promise<T> {
  const token = csrfToken();
  if (!SAFE.has(method) && token) headers[CSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(adminUrl(path) + buildQuery(options.query), {
      method: method.toUpperCase(),
      credentials: 'same-origin',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  onActivity();
  const text = await response.text();
  const reply = text ? parseJson(text, response) : undefined;
  if (!response.ok) throw errorFrom(response.status, reply);
  return reply as T;
}

function parseJson(text: string, response: Response): unknown {
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const reply = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  const code = typeof reply?.code === 'string' ? reply.code : `HTTP_${status}`;
  const message = typeof reply?.message === 'string' ? reply.message : `HTTP ${status}`;
  const details = reply?.details && typeof reply.details === 'object' ? (reply.details as Record<string, unknown>) : undefined;
  const error: ApiError = { name: 'ApiError', message, statusCode: status, code };
  if (details) {
    error.details = details;
    const fields = details.fields;
    if (Array.isArray(fields)) {
      // Refine's forms show these beside the field whose name is the path's last part ("body.amount" → amount).
      error.errors = Object.fromEntries(
        fields.map((issue: { path?: string; message?: string }) => [
          String(issue.path ?? '')
            .split('.')
            .pop() ?? '',
          issue.message ?? '',
        ]),
      );
    }
  }
  return error;
}

function networkError(): ApiError {
  return { name: 'ApiError', message: networkMessage, statusCode: 0, code: 'NETWORK' };
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && typeof (error as ApiError).code === 'string' && 'statusCode' in error;
}
