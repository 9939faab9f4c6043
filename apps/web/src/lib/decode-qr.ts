import jsQR from 'jsqr';

/** RGBA pixels as a canvas gives them (ImageData), or as a test builds them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/** The text of the QR code in the picture, or null when none is found. Light-on-dark codes are tried too. */
export function decodeQr({ data, width, height }: Pixels): string | null {
  if (width <= 0 || height <= 0 || data.length < width * height * 4) return null;
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/**
 * The size to decode a picture at: at most `max` pixels on its longer side (a phone photo of
 * 4000 px decodes no better, only slower), never enlarged.
 */
export function decodeSize(width: number, height: number, max = 1024): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
