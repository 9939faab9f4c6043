import { TICKET_LIMITS } from '@wallet/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { compressScreenshot, uploadScreenshot } from '../api/screenshots';

export type ScreenshotPhase =
  | { kind: 'compressing' | 'uploading'; percent: number }
  | { kind: 'done'; attachmentId: string }
  | { kind: 'failed'; error: unknown };

export type Screenshot = { key: string; file: File; preview: string | null; phase: ScreenshotPhase };

let counter = 0;

/**
 * The screenshots of one form: each picked image is compressed in the browser, then uploaded, with its
 * progress; one that fails says why and can be tried again or removed. Removing one stops its work.
 * The ids of those uploaded go with the ticket or reply.
 */
export function useScreenshots(max: number = TICKET_LIMITS.attachmentsPerPost) {
  const [items, setItems] = useState<Screenshot[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  const update = useCallback((key: string, change: Partial<Screenshot>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (key: string, file: File) => {
      controllers.current.get(key)?.abort();
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const live = () => !controller.signal.aborted;
      try {
        if (!file.type.startsWith('image/')) throw new ApiError('NOT_AN_IMAGE', 'not an image', 0);
        update(key, { phase: { kind: 'compressing', percent: 0 } });
        const compressed = await compressScreenshot(file, (percent) => live() && update(key, { phase: { kind: 'compressing', percent } }));
        if (!live()) return;
        const preview = URL.createObjectURL(compressed);
        previews.current.add(preview);
        update(key, { preview, phase: { kind: 'uploading', percent: 0 } });
        const attachment = await uploadScreenshot(
          compressed,
          (percent) => live() && update(key, { phase: { kind: 'uploading', percent } }),
          controller.signal,
        );
        if (live()) update(key, { phase: { kind: 'done', attachmentId: attachment.id } });
      } catch (error) {
        if (live()) update(key, { phase: { kind: 'failed', error } });
      }
    },
    [update],
  );

  const add = useCallback(
    (files: FileList | File[] | null) => {
      const picked = Array.from(files ?? []).slice(0, Math.max(0, max - items.length));
      const added = picked.map((file) => {
        counter += 1;
        return { key: `shot-${counter}`, file, preview: null, phase: { kind: 'compressing', percent: 0 } } satisfies Screenshot;
      });
      setItems((current) => [...current, ...added]);
      for (const item of added) void run(item.key, item.file);
    },
    [items.length, max, run],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const retry = useCallback((item: Screenshot) => void run(item.key, item.file), [run]);

  /** After the ticket or reply is sent: an empty picker for the next one. */
  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems([]);
  }, []);

  // Previews are object URLs of the compressed images: released when the form goes.
  useEffect(() => {
    const urls = previews.current;
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const ids = items.flatMap((item) => (item.phase.kind === 'done' ? [item.phase.attachmentId] : []));
  const busy = items.some((item) => item.phase.kind === 'compressing' || item.phase.kind === 'uploading');
  const failed = items.some((item) => item.phase.kind === 'failed');
  return { items, ids, busy, failed, full: items.length >= max, max, add, remove, retry, clear };
}

export type Screenshots = ReturnType<typeof useScreenshots>;
