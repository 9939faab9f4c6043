import { checkAmount, devSendBodySchema, errorReplySchema } from '@wallet/contract';
import type { DevChain } from '@wallet/devchain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseEther, parseUnits } from 'viem';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findUserBoundAddress } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import type { ChainService } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/**
 * Development only (never registered in production): a faucet that sends test USDT from the signed-in
 * user's bound BSC address to the deposit address on the local chain (which signs for any address),
 * so a newcomer can watch a top-up confirm and be credited.
 */
export const devChainRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; chain: ChainService; devchain: DevChain }> = async (
  app,
  { db, clock, chain, devchain },
) => {
  app.post(
    '/api/v1/dev/chain/deposits',
    {
      onRequest: requireSession(db, clock),
      schema: {
        tags: ['development'],
        summary:
          'Send test USDT (or the local coin playing ETH) from my bound BSC address to the deposit address on the local chain (absent in production)',
        security: [{ bearer: [] }],
        body: devSendBodySchema,
        response: { 200: z.object({ txHash: z.string(), from: z.string(), to: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await findUserBoundAddress(db, signedIn(request).userId);
      if (user.bound_network !== 'BSC') throw new AppError('DEVCHAIN_NEEDS_BSC_ADDRESS');
      const { asset } = request.body;
      const checked = checkAmount(request.body.amount, asset);
      if (!checked.ok) throw new AppError(checked.code);
      const from = user.bound_address as `0x${string}`;
      if (asset === 'ETH') {
        // A BSC address is a valid Ethereum address: the same bound address sends the coin.
        const eth = chain.networks.get('ETH');
        if (!eth) throw new AppError('NETWORK_UNAVAILABLE', { network: 'ETH' });
        const txHash = await devchain.sendEth(from, eth.depositAddress as `0x${string}`, parseEther(checked.value.toFixed()));
        return { txHash, from, to: eth.depositAddress };
      }
      const bsc = chain.networks.get('BSC');
      if (!bsc) throw new AppError('NETWORK_UNAVAILABLE', { network: 'BSC' });
      const amount = parseUnits(checked.value.toFixed(), 6);
      // The faucet part: the test token is minted to the user's address first, then sent as they would.
      await devchain.mintUsdt(from, amount);
      const txHash = await devchain.sendUsdt(from, bsc.depositAddress as `0x${string}`, amount);
      return { txHash, from, to: bsc.depositAddress };
    },
  );

  app.get('/dev/chain', { schema: { hide: true } }, async (_request, reply) => {
    const bsc = chain.networks.get('BSC');
    reply.type('text/html; charset=utf-8');
    return devChainPage(devchain.url, bsc?.depositAddress ?? '(BSC is off)');
  });
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function devChainPage(rpcUrl: string, depositAddress: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local chain</title>
<style>body{font:15px system-ui,sans-serif;margin:0 auto;max-width:640px;padding:16px;background:#f4f6f9;color:#1d2733}section{background:#fff;border-radius:12px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 3px #0001}code{word-break:break-all}input,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #ccd}button{background:#1677ff;color:#fff;border:0}</style></head>
<body><h1>Local test chain</h1><p>Development only: a local EVM node plays BSC (its test USDT) and Ethereum (its own coin). Nothing here is real money.</p>
<section><p>Node: <code>${escapeHtml(rpcUrl)}</code><br>Deposit address (BSC): <code>${escapeHtml(depositAddress)}</code></p></section>
<section><p>1. Sign in to the web app in this browser and bind a <b>BSC</b> address (any 0x address).<br>2. Send test USDT from it here.<br>3. Open the top-up page to watch it confirm and be credited.</p>
<form id="send"><input name="amount" value="100" inputmode="decimal" size="10"> USDT <button>Send from my bound address</button></form>
<form id="send-eth"><input name="amount" value="0.5" inputmode="decimal" size="10"> ETH <button>Send from my bound address</button></form><p id="out"></p>
<p>ETH is played by the local node's own coin and lands on the ETH top-up page (#/pages/topUpSun/toEth/index).</p></section>
<script>
const send = (asset, page) => async (event) => {
  event.preventDefault();
  const out = document.getElementById('out');
  const token = JSON.parse(localStorage.getItem('sbc-wallet') || '{}').state?.token;
  if (!token) { out.textContent = 'Sign in to the web app first (same browser).'; return; }
  const res = await fetch('/api/v1/dev/chain/deposits', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: JSON.stringify({ amount: event.target.amount.value, asset }) });
  const body = await res.json();
  out.textContent = res.ok ? 'Sent: ' + body.txHash + ' from ' + body.from + '. Watch it on the top-up page (' + page + ').' : body.error.message;
};
document.getElementById('send').addEventListener('submit', send('USDT', '#/pages/topUpSun/toSun/index'));
document.getElementById('send-eth').addEventListener('submit', send('ETH', '#/pages/topUpSun/toEth/index'));
</script></body></html>`;
}
