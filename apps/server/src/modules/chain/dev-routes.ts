import { checkAmount, devSendBodySchema, errorReplySchema, networkSchema } from '@wallet/contract';
import type { DevChain } from '@wallet/devchain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Address, type Hash, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { devPage, escapeHtml } from '../../platform/dev-pages';
import { AppError } from '../../platform/errors';
import { findUserBoundAddress } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import type { ChainService } from './service';
import { hexToTron, tronToHex, tronTxId } from './tron-address';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

type Options = {
  db: Db;
  clock: Clock;
  chain: ChainService;
  devchain: DevChain;
  config: Pick<Config, 'BSC_USDT_CONTRACT' | 'TRON_USDT_CONTRACT'>;
};

/**
 * Development only (never registered in production): a faucet that sends test USDT from the signed-in
 * member's bound address (BSC or TRON) to that network's deposit address on the local chain (which
 * signs for any address), so a newcomer can watch a top-up confirm and be credited; and its page.
 */
export const devChainRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, clock, chain, devchain, config }) => {
  /**
   * A chain break planted on purpose (issue 45): test USDT minted to a fresh address no one has bound,
   * then sent from it to the network's deposit address (the hot wallet). The ledger knows nothing of it,
   * so the next reconciliation finds the wallet holding more than the books say.
   */
  async function plantUnknownTransfer(network: 'BSC' | 'TRON', amount: string) {
    const target = chain.networks.get(network);
    const contract = network === 'TRON' ? config.TRON_USDT_CONTRACT : config.BSC_USDT_CONTRACT;
    if (!target || !contract) throw new AppError('NETWORK_UNAVAILABLE', { network });
    const checked = checkAmount(amount, 'USDT');
    if (!checked.ok) throw new AppError(checked.code);
    const hex = (address: string) => (network === 'TRON' ? tronToHex(address) : address) as Address;
    const raw = parseUnits(checked.value.toFixed(), 6);
    const stranger = privateKeyToAddress(generatePrivateKey());
    await devchain.mintUsdt(stranger, raw, hex(contract));
    const hash = await devchain.sendUsdt(stranger, hex(target.depositAddress), raw, hex(contract));
    return {
      network,
      txHash: network === 'TRON' ? tronTxId(hash) : hash,
      from: network === 'TRON' ? hexToTron(stranger) : stranger,
      to: target.depositAddress,
      amount: checked.value.toFixed(),
    };
  }

  app.post(
    '/api/v1/dev/chain/unknown-transfers',
    {
      schema: {
        tags: ['development'],
        summary:
          'Send test USDT from a fresh address the ledger does not know to the deposit address (the hot wallet) on the local chain, to plant a reconciliation break (absent in production)',
        body: z.object({ network: z.enum(['BSC', 'TRON']).default('BSC'), amount: z.string().default('25') }),
        response: {
          200: z.object({ network: networkSchema, txHash: z.string(), from: z.string(), to: z.string(), amount: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => plantUnknownTransfer(request.body.network, request.body.amount),
  );

  // The page's button is a plain form (no script): its body parsed here, in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post('/dev/chain/unknown-transfer', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const network = form.network === 'TRON' ? 'TRON' : 'BSC';
    try {
      const sent = await plantUnknownTransfer(network, form.amount ?? '25');
      return reply.redirect(
        `/dev/chain?planted=${encodeURIComponent(`Sent ${sent.amount} USDT on ${sent.network}, transaction ${sent.txHash}`)}`,
        303,
      );
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      return reply.redirect(`/dev/chain?planted=${encodeURIComponent(`not sent: ${code}`)}`, 303);
    }
  });
  app.post(
    '/api/v1/dev/chain/deposits',
    {
      onRequest: requireSession(db, clock),
      schema: {
        tags: ['development'],
        summary:
          'Send test USDT from my bound BSC or TRON address (or, from a BSC address, the local coin playing ETH) to the deposit address on the local chain (absent in production)',
        security: [{ bearer: [] }],
        body: devSendBodySchema,
        response: {
          200: z.object({ network: networkSchema, txHash: z.string(), from: z.string(), to: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await findUserBoundAddress(db, signedIn(request).userId);
      const bound = user.bound_address;
      const { asset } = request.body;
      const checked = checkAmount(request.body.amount, asset);
      if (!checked.ok) throw new AppError(checked.code);
      if (asset === 'ETH') {
        // A BSC address is a valid Ethereum address: the same bound address sends the coin.
        if (user.bound_network !== 'BSC') throw new AppError('DEVCHAIN_NEEDS_BSC_ADDRESS');
        const eth = chain.networks.get('ETH');
        if (!eth) throw new AppError('NETWORK_UNAVAILABLE', { network: 'ETH' });
        const txHash = await devchain.sendEth(bound as Address, eth.depositAddress as Address, parseEther(checked.value.toFixed()));
        return { network: 'ETH' as const, txHash, from: bound, to: eth.depositAddress };
      }
      const network = user.bound_network;
      const target = chain.networks.get(network);
      const contract = network === 'TRON' ? config.TRON_USDT_CONTRACT : config.BSC_USDT_CONTRACT;
      if (!target || !contract) throw new AppError('NETWORK_UNAVAILABLE', { network });
      // TRON's T addresses are the local node's 0x accounts in another form.
      const hex = (address: string) => (network === 'TRON' ? tronToHex(address) : address) as Address;
      const amount = parseUnits(checked.value.toFixed(), 6);
      // The faucet part: the test token is minted to the member's address first, then sent as they would.
      await devchain.mintUsdt(hex(bound), amount, hex(contract));
      const hash: Hash = await devchain.sendUsdt(hex(bound), hex(target.depositAddress), amount, hex(contract));
      return { network, txHash: network === 'TRON' ? tronTxId(hash) : hash, from: bound, to: target.depositAddress };
    },
  );

  app.get(
    '/dev/chain',
    { schema: { hide: true, querystring: z.object({ planted: z.string().max(300).optional() }) } },
    async (request, reply) => {
      const networks = (['BSC', 'TRON', 'ETH'] as const).map((network) => ({
        network,
        depositAddress: chain.networks.get(network)?.depositAddress ?? null,
      }));
      return devPage(reply, {
        title: 'Local test chain',
        body: devChainBody(devchain.url, networks, request.query.planted),
        scripts: ['dev-chain.js'],
      });
    },
  );
};

const PLAYS: Record<string, string> = {
  BSC: 'BSC: test USDT (BEP20)',
  TRON: 'TRON: a second test USDT (TRC20), addresses in T form',
  ETH: 'Ethereum: the node’s own coin plays ETH',
};

function devChainBody(rpcUrl: string, networks: Array<{ network: string; depositAddress: string | null }>, planted?: string): string {
  const list = networks
    .map(
      ({ network, depositAddress }) =>
        `<dt>${escapeHtml(PLAYS[network] ?? network)}</dt><dd>${
          depositAddress
            ? `deposit address <code data-network="${network}">${escapeHtml(depositAddress)}</code>`
            : '<span class="muted">not played (its settings point elsewhere)</span>'
        }</dd>`,
    )
    .join('');
  return `<h1>Local test chain</h1>
<p>Development only: one local EVM node plays BSC, TRON and Ethereum. Nothing here is real money.</p>
<section><h2>Networks</h2><p>Node: <code>${escapeHtml(rpcUrl)}</code></p><dl>${list}</dl></section>
<section><h2>Send a test top-up</h2>
<p id="me" class="muted">Checking whether you are signed in…</p>
<form id="send" action="/dev/chain"><input id="amount" name="amount" value="100" inputmode="decimal" aria-label="Amount">
<select id="asset" name="asset" aria-label="Asset"><option value="USDT">USDT</option><option value="ETH">ETH (from a BSC address)</option></select>
<button id="send-button" disabled>Send from my bound address</button></form>
<p id="out" role="status"></p></section>
<section><h2>My deposits</h2><ul id="deposits" class="deposits"><li class="muted">Sign in to see them.</li></ul>
<p><a href="/#/pages/topUpSun/index">Open the top-up page</a></p></section>
<section><h2>Plant a reconciliation break</h2>
<p>Sends test USDT from a fresh address nobody has bound to the hot wallet: the chain then holds money the
ledger does not know, and the next reconciliation in the console finds it (the scanner lists it as unattributed).</p>
<form id="unknown" method="post" action="/dev/chain/unknown-transfer">
<input name="amount" value="25" inputmode="decimal" aria-label="Amount">
<select name="network" aria-label="Network"><option value="BSC">BSC</option><option value="TRON">TRON</option></select>
<button id="unknown-button">Send an unknown transfer to the hot wallet</button></form>
${planted ? `<p id="planted" role="status">${escapeHtml(planted)}</p>` : ''}</section>`;
}
