import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSignedIn } from '../../../lib/session';
import { attachmentQueryKey } from './keys';
import { fetchAttachment } from './screenshots';

/** An object URL of a screenshot for <img>, released when the component goes; null while loading. */
export function useAttachmentUrl(id: string): { url: string | null; failed: boolean; retry: () => void } {
  const signedIn = useSignedIn();
  const image = useQuery({
    queryKey: attachmentQueryKey(id),
    queryFn: ({ signal }) => fetchAttachment(id, signal),
    enabled: signedIn,
    // A screenshot never changes; kept a few minutes after its screen closes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  return { url, failed: image.isError, retry: () => void image.refetch() };
}
