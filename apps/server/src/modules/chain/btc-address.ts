import { type BtcNetwork, p2wpkhAddress } from '@wallet/contract';
import { ripemd160, sha256 } from 'viem';
import { HDKey } from 'viem/accounts';
import type { Db } from '../../platform/db/database';
import { listUsersCreatedSince } from '../auth/service';

// tpub/vpub-style testnet extended keys use other version bytes than xpub.
const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

/**
 * Watch-only BTC deposit addresses: each user's is derived from the extended public key in
 * configuration (BIP-32 path <xpub>/0/<uid>, native SegWit), so the server never holds a BTC private
 * key and needs no table of addresses: a user's UID (8 digits, below 2^31) is their index.
 */
export function createBtcAddressBook(xpub: string) {
  const network: BtcNetwork = xpub.startsWith('xpub') ? 'mainnet' : 'testnet';
  const root = HDKey.fromExtendedKey(xpub, network === 'mainnet' ? undefined : TESTNET_VERSIONS);
  const receive = root.deriveChild(0);
  const byUid = new Map<string, string>();
  const owners = new Map<string, string>();

  const addressOf = (uid: string): string => {
    let address = byUid.get(uid);
    if (!address) {
      const publicKey = receive.deriveChild(Number(uid)).publicKey;
      if (!publicKey) throw new Error('btc: derivation gave no public key');
      address = p2wpkhAddress(ripemd160(sha256(publicKey, 'bytes'), 'bytes'), network);
      byUid.set(uid, address);
    }
    return address;
  };

  let seenUntil: Date | null = null;
  /**
   * Derives the addresses of users created since the last call (with a minute of overlap for
   * transactions that commit late). Called at the start of every scan: a deposit needs its user to
   * exist before the transaction is made, so every address that can be paid is known by then.
   */
  async function refresh(db: Db) {
    const since = seenUntil ? new Date(seenUntil.getTime() - 60_000) : null;
    for (const user of await listUsersCreatedSince(db, since)) {
      owners.set(addressOf(user.uid), user.id);
      if (!seenUntil || user.created_at > seenUntil) seenUntil = user.created_at;
    }
  }

  return {
    network,
    addressOf,
    refresh,
    /** Whether an address is a user's deposit address, as of the last refresh. */
    isOurs: (address: string) => owners.has(address),
    /** Owners of these deposit addresses. */
    async owners(db: Db, addresses: string[]): Promise<Map<string, string>> {
      if (addresses.some((a) => !owners.has(a))) await refresh(db);
      return new Map(addresses.filter((a) => owners.has(a)).map((a) => [a, owners.get(a) as string]));
    },
  };
}

export type BtcAddressBook = ReturnType<typeof createBtcAddressBook>;
