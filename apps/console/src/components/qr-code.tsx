import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser from its text (a TOTP otpauth:// URI): the secret never leaves for another host. */
export function QrCode({ text, size = 200, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img src={src} width={size} height={size} alt={alt} /> : <Spin style={{ width: size, height: size }} />;
}
