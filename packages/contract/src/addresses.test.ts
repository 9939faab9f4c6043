import { describe, expect, it } from 'vitest';
import {
  hexToTronAddress,
  isAddressOf,
  isEvmAddress,
  isTronAddress,
  normalizeAddress,
  toChecksumAddress,
  tronAddressToHex,
} from './addresses';

describe('TRON addresses', () => {
  it('accepts valid base58check addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT contract
    expect(isTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
  });
  it('rejects a broken checksum, a wrong prefix or a wrong length', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj')).toBe(false);
    expect(isTronAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
});

describe('TRON and 0x forms of one account', () => {
  it('convert both ways (the USDT contract as TronScan and TRON JSON-RPC show it)', () => {
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(hexToTronAddress('0xA614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('refuses what is not an address', () => {
    expect(() => tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toThrow(/not a TRON address/);
    expect(() => hexToTronAddress('0x1234')).toThrow(/20-byte/);
  });
});

describe('EVM addresses', () => {
  it('checks the EIP-55 checksum of mixed-case addresses', () => {
    // Test vectors from EIP-55.
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    ]) {
      expect(isEvmAddress(a)).toBe(true);
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    }
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
  });
  it('accepts single-case addresses and rejects malformed ones', () => {
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false);
    expect(isEvmAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(isEvmAddress('0xZaaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
  });
});

it('validates by network and stores EVM addresses in checksum form', () => {
  expect(isAddressOf('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  expect(isAddressOf('BSC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  expect(normalizeAddress('BSC', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
});
