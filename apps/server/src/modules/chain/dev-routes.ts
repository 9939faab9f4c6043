import { checkAmount, devSendBodySchema, errorReplySchema, networkSchema } from '@wallet/contract';
import type { DevChain } from '@wallet/devchain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Address, type Hash, parseEther, parseUnits } from 'viem';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { devPage, escapeHtml } from '../../platform/dev-pages';
import { AppError } from '../../platform/errors';
import { findUserBoundAddress } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import type { ChainService } from './service';
import { tronToHex, tronTxId } from './tron-address';

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

  app.get('/dev/chain', { schema: { hide: true } }, async (_request, reply) => {
    const networks = (['BSC', 'TRON', 'ETH'] as const).map((network) => ({
      network,
      depositAddress: chain.networks.get(network)?.depositAddress ?? null,
    }));
    return devPage(reply, { title: 'Local test chain', body: devChainBody(devchain.url, networks), scripts: ['dev-chain.js'] });
  });
};

const PLAYS: Record<string, string> = {
  BSC: 'BSC: test USDT (BEP20)',
  TRON: 'TRON: a second test USDT (TRC20), addresses in T form',
  ETH: 'Ethereum: the node’s own coin plays ETH',
};

function devChainBody(rpcUrl: string, networks: Array<{ network: string; depositAddress: string | null }>): string {
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
<p><a href="/#/pages/topUpSun/index">Open the top-up page</a></p></section>`;
}
