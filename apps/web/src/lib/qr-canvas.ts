import QRCode from 'qrcode';
import { decodeQr, decodeSize } from './decode-qr';

/** The QR code of `text` as an image URL for an <img>, dark on white. */
export function qrDataUrl(text: string, width = 480): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width, color: { dark: '#0a1f3c', light: '#ffffff' } });
}

/** Decodes the QR code in a picture file (a screenshot, a saved code, a photo); null when none is found or the file is no image. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = decodeSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return decodeQr(context.getImageData(0, 0, size.width, size.height));
  } finally {
    bitmap.close();
  }
}

/** Reads one video frame into `canvas` and decodes it; the canvas is reused frame after frame. */
export function decodeVideoFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (video.readyState < video.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const size = decodeSize(video.videoWidth, video.videoHeight, 720);
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, size.width, size.height);
  return decodeQr(context.getImageData(0, 0, size.width, size.height));
}

/**
 * The payment code as a picture to keep or share: the QR code on white with the title and UID
 * written under it, as a PNG.
 */
export async function paymentCodePng(link: string, title: string, caption: string): Promise<Blob> {
  const width = 720;
  const qrSize = 560;
  const top = 64;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = top + qrSize + 200;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);

  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, link, { errorCorrectionLevel: 'M', margin: 2, width: qrSize, color: { dark: '#0a1f3c', light: '#ffffff' } });
  context.drawImage(qr, (width - qrSize) / 2, top, qrSize, qrSize);

  const font = getComputedStyle(document.documentElement).getPropertyValue('--app-font-family') || 'sans-serif';
  context.textAlign = 'center';
  context.fillStyle = '#14213a';
  context.font = `600 40px ${font}`;
  context.fillText(caption, width / 2, top + qrSize + 70, width - 48);
  context.fillStyle = '#56627a';
  context.font = `400 28px ${font}`;
  context.fillText(title, width / 2, top + qrSize + 124, width - 48);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
  );
}
