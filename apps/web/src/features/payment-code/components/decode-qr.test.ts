import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQr, decodeSize, type Pixels } from '../../../lib/decode-qr';
import { paymentLink, transferRoute, uidFromScan } from './payment-link';

/** A QR code as RGBA pixels, `scale` pixels per module with a quiet zone of 4 modules, as a camera or a saved image shows it. */
function qrPixels(text: string, { scale = 4, invert = false } = {}): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
      const dark = inside && modules.get(my, mx) === 1;
      const shade = dark !== invert ? 0 : 255;
      const at = (y * side + x) * 4;
      data[at] = shade;
      data[at + 1] = shade;
      data[at + 2] = shade;
      data[at + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}

describe('payment codes', () => {
  const link = paymentLink('https://wallet.example/app/', '12345678');

  it('link to the transfer page with the UID filled in', () => {
    expect(link).toBe('https://wallet.example/app/#/pages/transferMoneySun/index?uid=12345678');
    expect(paymentLink('http://192.168.1.5:8080/#/pages/mine/payment_code/index', '87654321')).toBe(
      'http://192.168.1.5:8080/#/pages/transferMoneySun/index?uid=87654321',
    );
    expect(transferRoute('12345678')).toBe('/pages/transferMoneySun/index?uid=12345678');
  });

  it('decode from a QR image generated with qrcode, back to the UID', () => {
    const text = decodeQr(qrPixels(link));
    expect(text).toBe(link);
    expect(uidFromScan(text ?? '')).toBe('12345678');
  });

  it('decode light-on-dark codes too', () => {
    expect(decodeQr(qrPixels(link, { invert: true }))).toBe(link);
  });

  it('find nothing in a blank picture or an empty one', () => {
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(decodeQr(blank)).toBeNull();
    expect(decodeQr({ data: new Uint8ClampedArray(0), width: 0, height: 0 })).toBeNull();
  });

  it('accept a bare UID, and refuse other codes', () => {
    expect(uidFromScan(' 12345678 ')).toBe('12345678');
    expect(uidFromScan('https://example.com/')).toBeNull();
    expect(uidFromScan('https://wallet.example/#/pages/transferMoneySun/index')).toBeNull();
    expect(uidFromScan('https://wallet.example/#/pages/transferMoneySun/index?uid=0123')).toBeNull();
    expect(uidFromScan('https://wallet.example/#/pages/withdrawSun/index?uid=12345678')).toBeNull();
    expect(uidFromScan('01234567')).toBeNull();
    expect(uidFromScan('WIFI:S:home;T:WPA;P:secret;;')).toBeNull();
    expect(decodeQr(qrPixels('hello')) && uidFromScan('hello')).toBeNull();
  });
});

describe('decode size', () => {
  it('shrinks large photos to the longer side, never enlarges', () => {
    expect(decodeSize(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(decodeSize(300, 500)).toEqual({ width: 300, height: 500 });
  });
});
