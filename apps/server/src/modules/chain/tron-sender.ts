import type { TronWeb } from 'tronweb';
import { createPublicClient, http, type PublicClient, parseAbi, parseUnits } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { type ChainSender, TransactionExpiredError, type TxState } from './adapter';
import { hexToTron, tronToHex, tronTxId } from './tron-address';

const ERC20 = parseAbi(['function balanceOf(address owner) view returns (uint256)', 'function decimals() view returns (uint8)']);
/** Most TRX (in sun) a USDT transfer may burn for energy: 30 TRX, what wallets commonly allow. */
const FEE_LIMIT_SUN = 30_000_000;
/** How long a signed TRON transaction stays valid; after that it can never be mined. */
const EXPIRATION_MS = 10 * 60_000;

export interface TronSenderOptions {
  /** TRON HTTP API of a full node (broadcast and transaction info), e.g. https://api.trongrid.io. */
  apiUrl: string;
  /** The same node's JSON-RPC, for the reference block and balances. */
  rpcUrl: string;
  usdtContract: string;
  /** Hex private key of the hot wallet (with or without 0x). */
  hotWalletKey: string;
}

/**
 * TRON withdrawals: the transaction is built and signed with tronweb entirely offline (the reference
 * block comes from the JSON-RPC), stored, then broadcast through the TRON HTTP API. TRON has no
 * nonce; the stored transaction's id is what makes a re-broadcast after a crash harmless (the node
 * answers DUP_TRANSACTION_ERROR).
 */
export function createTronSender(options: TronSenderOptions): ChainSender {
  const key = options.hotWalletKey.replace(/^0x/, '');
  // tronweb is large (about 17 MB resident): loaded on the first signing or broadcast, not at start-up.
  let tronWeb: Promise<TronWeb> | undefined;
  const tron = () => {
    tronWeb ??= import('tronweb').then((module) => new module.TronWeb({ fullHost: options.apiUrl, privateKey: key }));
    return tronWeb;
  };
  // The same key's account id as on EVM chains, in TRON's T form.
  const hotWallet = hexToTron(privateKeyToAddress(`0x${key}`));
  const client = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 15_000 }) }) as PublicClient;
  const token = tronToHex(options.usdtContract);
  let decimals: Promise<number> | undefined;
  const tokenDecimals = () => {
    decimals ??= client.readContract({ address: token, abi: ERC20, functionName: 'decimals' });
    return decimals;
  };
  const api = async <T>(path: string, body: object) => (await tron()).fullNode.request(path, body, 'post') as Promise<T>;

  return {
    hotWallet,
    // TRON's own message signature (signMessageV2), computed offline from the key: what TronLink and
    // tronweb's verifyMessageV2 check, and it recovers to the T address itself.
    async signMessage(message) {
      const { Trx } = await import('tronweb');
      return { address: hotWallet, message, signature: Trx.signMessageV2(message, key), scheme: 'tron-v2' };
    },
    async balances() {
      const [tokenBalance, gas] = await Promise.all([
        client.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [tronToHex(hotWallet)] }),
        client.getBalance({ address: tronToHex(hotWallet) }),
      ]);
      return { token: tokenBalance, gas };
    },
    async toBaseUnits(amount) {
      const places = await tokenDecimals();
      const [, fraction = ''] = amount.split('.');
      if (fraction.replace(/0+$/, '').length > places) throw new Error(`amount ${amount} is finer than the token's ${places} decimals`);
      return parseUnits(amount, places);
    },
    // No nonce on TRON: the sender's own counter keeps (network, nonce) unique in our table.
    nextNonce: async () => 0n,
    async signTransfer(to, amount, nonce) {
      const block = await client.getBlock({ blockTag: 'latest' });
      const hash = block.hash.replace(/^0x/, '');
      const time = Number(block.timestamp) * 1000;
      const blockHeader = {
        ref_block_bytes: block.number.toString(16).padStart(4, '0').slice(-4),
        ref_block_hash: hash.slice(16, 32),
        expiration: time + EXPIRATION_MS,
        timestamp: time,
      };
      const tronWeb = await tron();
      const built = await tronWeb.transactionBuilder.triggerSmartContract(
        options.usdtContract,
        'transfer(address,uint256)',
        { feeLimit: FEE_LIMIT_SUN, txLocal: true, blockHeader } as never,
        [
          { type: 'address', value: to },
          { type: 'uint256', value: amount.toString() },
        ],
        hotWallet,
      );
      const signed = await tronWeb.trx.sign(built.transaction, key);
      return { txHash: tronTxId(signed.txID), raw: JSON.stringify(signed), nonce };
    },
    async broadcast(raw) {
      const reply = await api<{ result?: boolean; code?: string; message?: string }>('wallet/broadcasttransaction', JSON.parse(raw));
      if (reply.result || reply.code === 'DUP_TRANSACTION_ERROR') return;
      if (reply.code === 'TRANSACTION_EXPIRATION_ERROR') throw new TransactionExpiredError(reply.message ?? 'expired');
      throw new Error(`TRON broadcast refused: ${reply.code ?? 'unknown'} ${reply.message ?? ''}`.trim());
    },
    async txState(txHash): Promise<TxState> {
      const info = await api<{ id?: string; blockNumber?: number; receipt?: { result?: string } }>('wallet/gettransactioninfobyid', {
        value: tronTxId(txHash),
      });
      if (!info.id || info.blockNumber === undefined) return { kind: 'unknown' };
      const blockHash = (await client.getBlock({ blockNumber: BigInt(info.blockNumber) }).catch(() => null))?.hash ?? '';
      return {
        kind: 'mined',
        blockNumber: BigInt(info.blockNumber),
        blockHash,
        success: (info.receipt?.result ?? 'SUCCESS') === 'SUCCESS',
      };
    },
  };
}
