import { describe, expect, it } from 'vitest';
import { isTrivialPin } from './card-pin';

describe('isTrivialPin', () => {
  it('refuses repeated digits and straight runs', () => {
    for (const pin of ['000000', '111111', '999999', '123456', '234567', '012345', '654321', '987654', '890123', '210987'])
      expect(isTrivialPin(pin), pin).toBe(true);
  });

  it('accepts PINs with any other shape', () => {
    for (const pin of ['246810', '135790', '112233', '123455', '102938', '000001', '482915']) expect(isTrivialPin(pin), pin).toBe(false);
  });
});
