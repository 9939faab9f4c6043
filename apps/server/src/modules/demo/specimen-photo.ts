import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo friend's passport photo for KYC: a real PNG (an operator opening it in the console sees a
 * picture, not a broken image), drawn as a pale page with a darker photo box and text lines, so it
 * reads as a specimen at a glance. Made in code: the repository carries no personal document.
 */
export function specimenPassportPng(width = 320, height = 220): Buffer {
  const page: RGB = [236, 232, 220];
  const ink: RGB = [70, 80, 110];
  const photo: RGB = [170, 180, 200];
  const pixel = (x: number, y: number): RGB => {
    if (x >= 20 && x < 110 && y >= 40 && y < 160) return photo;
    const line = y >= 50 && y < 160 && (y - 50) % 22 < 6 && x >= 130 && x < width - 20 - ((y * 7) % 60);
    const machineReadable = y >= height - 40 && y < height - 20 && x >= 20 && x < width - 20 && x % 12 < 8;
    return line || machineReadable ? ink : page;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    // Each row starts with its filter byte (0: none).
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits per channel, truecolour, default compression, filter and no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type RGB = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
