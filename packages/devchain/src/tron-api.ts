import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, getAddress, type Hex, recoverAddress } from 'viem';
import type { DevChain } from './node';

/** A TRON transaction as tronweb signs it and the TRON HTTP API takes it (JSON, not protobuf). */
interface SignedTronTx {
  txID?: string;
  raw_data_hex?: string;
  signature?: string[];
  raw_data?: {
    expiration?: number;
    contract?: Array<{ type?: string; parameter?: { value?: { owner_address?: string; contract_address?: string; data?: string } } }>;
  };
}

type Reply = Record<string, unknown>;

export interface TronHttpApi {
  url: string;
  close(): Promise<void>;
}

/**
 * The two calls of the TRON HTTP API the server's TRON sender makes (wallet/broadcasttransaction and
 * wallet/gettransactioninfobyid), answered on the local EVM node so `npm start` can send TRON
 * withdrawals: no TRON node runs here, and the node already plays TRON's state through the JSON-RPC
 * TRON full nodes share with Ethereum. A broadcast is checked as a TRON node checks it (the id is the
 * SHA-256 of the raw data, the signature recovers the owner, not expired, not seen before), then its
 * smart-contract call is carried out from the owner's address.
 */
export async function startTronHttpApi(chain: DevChain, { host = '127.0.0.1', port = 0 } = {}): Promise<TronHttpApi> {
  const mined = new Map<string, { blockNumber: bigint; success: boolean }>();

  async function broadcast(tx: SignedTronTx): Promise<Reply> {
    const id = tx.txID ?? '';
    const raw = tx.raw_data_hex ?? '';
    if (!/^[0-9a-f]{64}$/.test(id) || createHash('sha256').update(Buffer.from(raw, 'hex')).digest('hex') !== id)
      return { result: false, code: 'TRANSACTION_ID_ERROR', message: 'txID is not the hash of raw_data_hex' };
    if (mined.has(id)) return { result: false, code: 'DUP_TRANSACTION_ERROR', message: 'dup transaction' };
    const call = tx.raw_data?.contract?.[0];
    const value = call?.parameter?.value;
    if (call?.type !== 'TriggerSmartContract' || !value?.owner_address || !value.contract_address || !value.data)
      return { result: false, code: 'CONTRACT_VALIDATE_ERROR', message: 'only smart-contract calls are played here' };
    // The JSON is what is carried out: it must be the very call the signed raw data holds.
    if (!raw.includes(value.data.toLowerCase()))
      return { result: false, code: 'CONTRACT_VALIDATE_ERROR', message: 'raw_data does not match raw_data_hex' };
    const owner = fromTronHex(value.owner_address);
    const signature = tx.signature?.[0] ?? '';
    const signer = /^[0-9a-fA-F]{130}$/.test(signature)
      ? await recoverAddress({ hash: `0x${id}`, signature: `0x${signature}` }).catch(() => null)
      : null;
    if (!signer || signer !== owner) return { result: false, code: 'SIGERROR', message: 'the signature does not recover the owner' };
    const head = await chain.client.getBlock({ blockTag: 'latest' });
    if ((tx.raw_data?.expiration ?? 0) <= Number(head.timestamp) * 1000)
      return { result: false, code: 'TRANSACTION_EXPIRATION_ERROR', message: 'transaction expired' };
    try {
      const hash = await chain.callAs(owner, fromTronHex(value.contract_address), `0x${value.data}` as Hex);
      const receipt = await chain.client.getTransactionReceipt({ hash });
      mined.set(id, { blockNumber: receipt.blockNumber, success: receipt.status === 'success' });
    } catch (error) {
      return { result: false, code: 'CONTRACT_VALIDATE_ERROR', message: error instanceof Error ? error.message : String(error) };
    }
    return { result: true, txid: id };
  }

  function transactionInfo(body: { value?: string }): Reply {
    const id = body.value ?? '';
    const found = mined.get(id);
    // An unknown id is an empty object, as the TRON HTTP API answers it.
    return found ? { id, blockNumber: Number(found.blockNumber), receipt: { result: found.success ? 'SUCCESS' : 'REVERT' } } : {};
  }

  const server = createServer(async (req, res) => {
    const send = (status: number, value: Reply) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    try {
      const body = JSON.parse((await readBody(req)) || '{}');
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === '/wallet/broadcasttransaction') return send(200, await broadcast(body));
      if (req.method === 'POST' && path === '/wallet/gettransactioninfobyid') return send(200, transactionInfo(body));
      send(404, { Error: `${path} is not played by the local chain` });
    } catch (error) {
      send(400, { Error: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** TRON's hex address form, 41 + the 20-byte account id, as the EVM address of the same id. */
function fromTronHex(value: string): Address {
  if (!/^41[0-9a-fA-F]{40}$/.test(value)) throw new Error(`not a TRON hex address: ${value}`);
  return getAddress(`0x${value.slice(2)}`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
