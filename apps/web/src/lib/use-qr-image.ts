import { useEffect, useState } from 'react';
import { qrDataUrl } from './qr-canvas';

/** The QR code of `text` as an image URL once drawn; `failed` when it could not be drawn. */
export function useQrImage(text: string): { image: string | null; failed: boolean } {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setImage(null);
    setFailed(false);
    qrDataUrl(text).then(
      (url) => live && setImage(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return { image, failed };
}
