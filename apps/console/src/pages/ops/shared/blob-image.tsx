import { Alert, Image, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { fetchObjectUrl } from './fetch-blob';

/**
 * An image the admin API serves only with the console cookie, fetched once when shown and dropped
 * from memory when the component goes: a KYC photo or a ticket's screenshot never reaches the cache.
 */
export function BlobImage({ path, alt, width = 240 }: { path: string; alt: string; width?: number }) {
  const { t, i18n } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    setUrl(null);
    setError(null);
    // Asked on the next tick: a mount undone at once (React's strict mode in development) then asks
    // nothing, and a KYC photo is not viewed, and audited, twice.
    const timer = setTimeout(() => {
      fetchObjectUrl(path, i18n.language, controller.signal).then(
        (objectUrl) => {
          if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
          else {
            made = objectUrl;
            setUrl(objectUrl);
          }
        },
        (cause: unknown) => {
          if (!controller.signal.aborted) setError(cause);
        },
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, i18n.language]);

  if (error) return <Alert type="error" showIcon message={errorText(error, t('ops.common.imageFailed'))} />;
  if (!url)
    return (
      <div style={{ width, height: width * 0.6, display: 'grid', placeItems: 'center' }}>
        <Spin />
      </div>
    );
  return <Image src={url} alt={alt} width={width} style={{ objectFit: 'contain' }} />;
}
