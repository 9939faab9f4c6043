import { describe, expect, it } from 'vitest';
import { readScannedAddress, scanOutcome } from './address-scan';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT_BSC = '0x55d398326f99059fF775485246999027B3197955';

describe('readScannedAddress', () => {
  it('takes a bare address as it is, naming no network', () => {
    expect(readScannedAddress(` ${TRON}\n`)).toEqual({ address: TRON, network: null });
    expect(readScannedAddress(EVM)).toEqual({ address: EVM, network: null });
  });

  it('reads tron:, bsc: and bitcoin: URIs without their parameters, whatever the scheme case', () => {
    expect(readScannedAddress(`tron:${TRON}?amount=12.5`)).toEqual({ address: TRON, network: 'TRON' });
    expect(readScannedAddress(`TRON:${TRON}`)).toEqual({ address: TRON, network: 'TRON' });
    expect(readScannedAddress(`bsc:${EVM}?amount=1`)).toEqual({ address: EVM, network: 'BSC' });
    expect(readScannedAddress('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1')).toEqual({
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      network: 'BTC',
    });
  });

  it('reads EIP-681 URIs: the chain id names the network, Ethereum when there is none', () => {
    expect(readScannedAddress(`ethereum:${EVM}@56`)).toEqual({ address: EVM, network: 'BSC' });
    expect(readScannedAddress(`ethereum:${EVM}@56?value=1e18`)).toEqual({ address: EVM, network: 'BSC' });
    expect(readScannedAddress(`ethereum:pay-${EVM}@56`)).toEqual({ address: EVM, network: 'BSC' });
    expect(readScannedAddress(`ethereum:${EVM}`)).toEqual({ address: EVM, network: 'ETH' });
    expect(readScannedAddress(`ethereum:${EVM}@1`)).toEqual({ address: EVM, network: 'ETH' });
    expect(readScannedAddress(`ethereum:${EVM}@137`)).toEqual({ address: EVM, network: 'unknown' });
  });

  it('pays the recipient of a token transfer request, not the token contract', () => {
    expect(readScannedAddress(`ethereum:${USDT_BSC}@56/transfer?address=${EVM}&uint256=1e19`)).toEqual({ address: EVM, network: 'BSC' });
    expect(readScannedAddress(`ethereum:${USDT_BSC}@56/transfer?uint256=1`)).toBeNull();
    expect(readScannedAddress(`ethereum:${USDT_BSC}@56/approve?address=${EVM}`)).toBeNull();
  });

  it('finds no address in a web link, a sentence, an unknown scheme or an empty code', () => {
    expect(readScannedAddress('https://wallet.example/#/pages/transferMoneySun/index?uid=12345678')).toBeNull();
    expect(readScannedAddress('send money to me')).toBeNull();
    expect(readScannedAddress(`litecoin:${EVM}`)).toBeNull();
    expect(readScannedAddress('tron:')).toBeNull();
    expect(readScannedAddress('   ')).toBeNull();
  });
});

describe('scanOutcome', () => {
  it('fills an address of the chosen network, or of none named, and checks it like a typed one', () => {
    expect(scanOutcome({ address: TRON, network: 'TRON' }, 'TRON')).toEqual({ kind: 'fill', address: TRON, valid: true });
    expect(scanOutcome({ address: EVM, network: null }, 'BSC')).toEqual({ kind: 'fill', address: EVM, valid: true });
    expect(scanOutcome({ address: TRON, network: null }, 'BSC')).toEqual({ kind: 'fill', address: TRON, valid: false });
    expect(scanOutcome({ address: 'T123', network: 'TRON' }, 'TRON')).toEqual({ kind: 'fill', address: 'T123', valid: false });
  });

  it('refuses a code that names another network instead of filling it', () => {
    expect(scanOutcome({ address: EVM, network: 'BSC' }, 'TRON')).toEqual({ kind: 'otherNetwork', network: 'BSC' });
    expect(scanOutcome({ address: EVM, network: 'ETH' }, 'BSC')).toEqual({ kind: 'otherNetwork', network: 'ETH' });
    expect(scanOutcome({ address: EVM, network: 'unknown' }, 'BSC')).toEqual({ kind: 'unknownNetwork' });
  });
});
