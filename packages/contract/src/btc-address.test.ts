import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { p2wpkhAddress } from './btc-address';

describe('p2wpkhAddress', () => {
  it('encodes the BIP-173 test vector', () => {
    // BIP-173: 0014751e76e8199196d454941c45d1b3a323f1433bd6 is bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4.
    const hash = hexToBytes('751e76e8199196d454941c45d1b3a323f1433bd6');
    expect(p2wpkhAddress(hash)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(p2wpkhAddress(hash, 'testnet')).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  });
});
