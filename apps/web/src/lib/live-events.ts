import type { LiveEventType } from '@wallet/contract';
import { createParser } from 'eventsource-parser';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

type Handler = (data: unknown) => void;

export type LiveSource = {
  url: () => string;
  /** The session is the HttpOnly cookie: the stream is opened only while the app thinks it has one. */
  signedIn: () => boolean;
  language: () => string;
  fetch?: typeof fetch;
};

const RETRY_MS = [1_000, 3_000, 10_000, 30_000] as const;

/** Whether the live stream is open: screens poll only while it is not. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

const handlers = new Map<LiveEventType, Set<Handler>>();

export function onLiveEvent(type: LiveEventType, handler: Handler): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(type, set);
  return () => set.delete(handler);
}

/** Calls `handler` for every live event of `type` while the component is mounted. */
export function useLiveEvent(type: LiveEventType, handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onLiveEvent(type, (data) => latest.current(data)), [type]);
}

function dispatch(type: string, data: string): void {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  for (const handler of handlers.get(type as LiveEventType) ?? []) handler(parsed);
}

/**
 * Keeps one Server-Sent Events stream open for the signed-in session. It is read with fetch, not
 * EventSource, for the headers (language, Last-Event-ID on reconnect) and the status on failure. After a drop it reconnects
 * with Last-Event-ID, backing off; a 401 or 403 ends it (the session is gone). Returns the stop function.
 */
export function connectLive(source: LiveSource): () => void {
  let stopped = false;
  let lastEventId: string | null = null;
  let attempt = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const doFetch = source.fetch ?? fetch;

  const scheduleRetry = () => {
    useLiveStatus.setState({ connected: false });
    if (stopped) return;
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
    attempt += 1;
    timer = setTimeout(() => void open(), delay);
  };

  const open = async () => {
    if (stopped || !source.signedIn()) return;
    controller = new AbortController();
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      'accept-language': source.language(),
    };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    try {
      const response = await doFetch(source.url(), { headers, signal: controller.signal, cache: 'no-store', credentials: 'include' });
      if (response.status === 401 || response.status === 403) {
        useLiveStatus.setState({ connected: false });
        return;
      }
      if (!response.ok || !response.body) return scheduleRetry();
      const parser = createParser({
        onEvent: (event) => {
          if (event.id) lastEventId = event.id;
          if (event.event === 'ready') {
            attempt = 0;
            useLiveStatus.setState({ connected: true });
          }
          dispatch(event.event ?? 'message', event.data);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      scheduleRetry();
    } catch {
      scheduleRetry();
    }
  };

  void open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
    useLiveStatus.setState({ connected: false });
  };
}

/** A polling interval for react-query that only applies while the live stream is down. */
export function whenOffline(ms: number): number | false {
  return useLiveStatus.getState().connected ? false : ms;
}
