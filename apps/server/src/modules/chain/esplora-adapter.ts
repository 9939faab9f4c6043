import type { ChainAdapter, ObservedTransfer } from './adapter';
import type { BtcAddressBook } from './btc-address';

type EsploraTx = {
  txid: string;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
};

const SATS = 100_000_000n;

/** Satoshis as an exact BTC decimal string. */
export function satsToBtc(sats: bigint): string {
  const whole = sats / SATS;
  const fraction = (sats % SATS).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * BTC through an Esplora HTTP API (blockstream/esplora, mempool.space): each block's transactions
 * are read page by page and every output paying one of our users' deposit addresses is a deposit
 * (index = output index). Watch-only: no key, no sending.
 */
export function createEsploraAdapter(options: {
  apiUrl: string;
  book: BtcAddressBook;
  /** Learns the deposit addresses of users created since the last scan. */
  refreshAddresses: () => Promise<void>;
}): ChainAdapter {
  const base = options.apiUrl.replace(/\/$/, '');
  const get = async (path: string, as: 'json' | 'text' = 'json') => {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(15_000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`esplora ${path}: HTTP ${res.status}`);
    return as === 'json' ? res.json() : res.text();
  };

  async function outputsToUs(tx: EsploraTx, blockNumber: bigint, blockHash: string): Promise<ObservedTransfer[]> {
    const found: ObservedTransfer[] = [];
    for (const [index, out] of tx.vout.entries()) {
      if (!out.scriptpubkey_address || out.value <= 0 || !options.book.isOurs(out.scriptpubkey_address)) continue;
      const raw = BigInt(out.value);
      found.push({
        network: 'BTC',
        currency: 'BTC',
        txHash: tx.txid,
        index,
        from: '',
        to: out.scriptpubkey_address,
        rawAmount: raw,
        amount: satsToBtc(raw),
        blockNumber,
        blockHash,
      });
    }
    return found;
  }

  const blockHash = async (height: bigint) => ((await get(`/block-height/${height}`, 'text')) as string | null)?.trim() ?? null;

  return {
    network: 'BTC',
    currency: 'BTC',
    depositAddress: '',
    depositAddressFor: (user) => options.book.addressOf(user.uid),
    head: async () => BigInt(((await get('/blocks/tip/height', 'text')) as string).trim()),
    blockHash,
    async transfersIn(from, to) {
      await options.refreshAddresses();
      const found: ObservedTransfer[] = [];
      for (let height = from; height <= to; height++) {
        const hash = await blockHash(height);
        if (!hash) break;
        // 25 transactions per page, as Esplora serves them.
        for (let start = 0; ; start += 25) {
          const page = ((await get(`/block/${hash}/txs/${start}`)) ?? []) as EsploraTx[];
          for (const tx of page) found.push(...(await outputsToUs(tx, height, hash)));
          if (page.length < 25) break;
        }
      }
      return found;
    },
    async transfersOf(txid) {
      await options.refreshAddresses();
      const tx = (await get(`/tx/${txid.toLowerCase()}`)) as EsploraTx | null;
      if (!tx) return 'not_found';
      if (!tx.status.confirmed || tx.status.block_height === undefined || !tx.status.block_hash) return [];
      return outputsToUs(tx, BigInt(tx.status.block_height), tx.status.block_hash);
    },
    isTxHash: (value) => /^[0-9a-fA-F]{64}$/.test(value),
  };
}
