import { rgbPng } from '../src/platform/png';

/**
 * Small real images for tests (server and browser): a PNG any decoder reads, of one colour with a
 * diagonal stripe, and the first bytes of other formats. Not used by the app itself.
 */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number] = [32, 160, 140]): Buffer {
  const stripeWidth = Math.max(2, Math.floor(width / 16));
  return rgbPng(width, height, (x, y) => (Math.abs(x - y) < stripeWidth ? [255, 255, 255] : rgb));
}

/** The start of a JPEG (SOI and a JFIF APP0 segment): enough for content sniffing. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

/** A GIF: an image, but not one of the types screenshots may be. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
