import { crc32, deflateSync } from 'node:zlib';

/**
 * Small real images for tests (server and browser): a PNG any decoder reads, of one colour with a
 * diagonal stripe, and the first bytes of other formats. Not used by the app itself.
 */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number] = [32, 160, 140]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.abs(x - y) < Math.max(2, Math.floor(width / 16));
      row[1 + x * 3] = stripe ? 255 : rgb[0];
      row[2 + x * 3] = stripe ? 255 : rgb[1];
      row[3 + x * 3] = stripe ? 255 : rgb[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The start of a JPEG (SOI and a JFIF APP0 segment): enough for content sniffing. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

/** A GIF: an image, but not one of the types screenshots may be. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
