import { type Rgb, rgbPng } from '../../platform/png';

/**
 * The demo friend's passport photo for KYC: a real PNG (an operator opening it in the console sees a
 * picture, not a broken image), drawn as a pale page with a darker photo box and text lines, so it
 * reads as a specimen at a glance. Made in code: the repository carries no personal document.
 */
export function specimenPassportPng(width = 320, height = 220): Buffer {
  const page: Rgb = [236, 232, 220];
  const ink: Rgb = [70, 80, 110];
  const photo: Rgb = [170, 180, 200];
  const pixel = (x: number, y: number): Rgb => {
    if (x >= 20 && x < 110 && y >= 40 && y < 160) return photo;
    const line = y >= 50 && y < 160 && (y - 50) % 22 < 6 && x >= 130 && x < width - 20 - ((y * 7) % 60);
    const machineReadable = y >= height - 40 && y < height - 20 && x >= 20 && x < width - 20 && x % 12 < 8;
    return line || machineReadable ? ink : page;
  };
  return rgbPng(width, height, pixel);
}
