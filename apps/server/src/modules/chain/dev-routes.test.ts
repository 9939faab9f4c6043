import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, usdtBalance, userWithAddress } from '../../../test/chain';
import { PRODUCTION_ENV } from '../../../test/production-env';
import { loadConfig } from '../../platform/config';
import { DEV_PAGE_POLICY } from '../../platform/dev-pages';

let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed({ faucet: true, eth: true, env: { CHAIN_CONFIRMATIONS: '{"BSC":3,"ETH":3}' } });
});
afterAll(async () => {
  await bed?.close();
});

it('sends test USDT from my bound BSC address to the deposit address, which is then credited', async () => {
  const { t, chain } = bed;
  const user = await userWithAddress(t, 'BSC', randomAddress());
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/chain/deposits', headers: user.headers, payload: { amount: '42.5' } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ from: user.address, to: DEPOSIT_ADDRESS });
  expect(await chain.usdtBalance(DEPOSIT_ADDRESS)).toBeGreaterThanOrEqual(42_500_000n);
  await chain.mine(2);
  await t.app.chain.scan('BSC');
  await t.app.chain.credit('BSC');
  expect(await usdtBalance(t, user.id)).toBe('42.5');

  const info = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
  expect(info.json().devFaucet).toBe('/dev/chain');
  const page = await t.app.inject({ method: 'GET', url: '/dev/chain' });
  expect(page.body).toContain(DEPOSIT_ADDRESS);
});

it('sends the local coin playing ETH from the same bound address, credited as ETH', async () => {
  const { t, chain } = bed;
  const user = await userWithAddress(t, 'BSC', randomAddress());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dev/chain/deposits',
    headers: user.headers,
    payload: { amount: '0.25', asset: 'ETH' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ from: user.address, to: DEPOSIT_ADDRESS });
  await chain.mine(3);
  await t.app.chain.scan('ETH');
  await t.app.chain.credit('ETH');
  const balances = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
  expect(balances.json().balances).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'ETH', balance: '0.25' })]));

  const tooPrecise = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dev/chain/deposits',
    headers: user.headers,
    payload: { amount: '0.1234567890123456789', asset: 'ETH' },
  });
  expect(tooPrecise.statusCode).toBe(400);
});

it('sends ETH only from a BSC address, and TRON USDT only where TRON is scanned', async () => {
  const { t } = bed;
  const tron = await userWithAddress(t, 'TRON', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
  const eth = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dev/chain/deposits',
    headers: tron.headers,
    payload: { amount: '1', asset: 'ETH' },
  });
  expect(eth.json().error.code).toBe('DEVCHAIN_NEEDS_BSC_ADDRESS');
  // This server does not scan TRON: said so, not sent anyway.
  const usdt = await t.app.inject({ method: 'POST', url: '/api/v1/dev/chain/deposits', headers: tron.headers, payload: { amount: '1' } });
  expect(usdt.json().error.code).toBe('NETWORK_UNAVAILABLE');
});

it('serves the page with a policy of its own: its script and stylesheet are files of this site, nothing inline', async () => {
  const { t } = bed;
  const page = await t.app.inject({ method: 'GET', url: '/dev/chain' });
  expect(page.headers['content-security-policy']).toBe(DEV_PAGE_POLICY);
  expect(DEV_PAGE_POLICY).not.toContain('unsafe-inline');
  expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\son[a-z]+=|style="/);
  const sources = [...page.body.matchAll(/(?:src|href)="(\/dev\/files\/[^"]+)"/g)].map((m) => m[1]);
  expect(sources).toEqual(['/dev/files/dev-page.css', '/dev/files/dev-chain.js']);
  for (const source of sources) {
    const file = await t.app.inject({ method: 'GET', url: source as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(source?.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    expect(file.body.length).toBeGreaterThan(100);
  }
  const mail = await t.app.inject({ method: 'GET', url: '/dev/mail' });
  expect(mail.headers['content-security-policy']).toBe(DEV_PAGE_POLICY);
  expect(mail.body).toContain('/dev/files/dev-page.css');
  expect(mail.body).not.toMatch(/<script|<style|style="/);
});

it('is refused in production, and on by default only in development', () => {
  const production = { ...PRODUCTION_ENV, SMTP_URL: 'smtp://127.0.0.1:2525' };
  expect(() => loadConfig({ ...production, DEVCHAIN: 'true' })).toThrow(/DEVCHAIN: cannot be true in production/);
  expect(loadConfig(production).DEVCHAIN).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).DEVCHAIN).toBe(true);
  expect(loadConfig({ NODE_ENV: 'development', DEVCHAIN: 'false' }).DEVCHAIN).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test' }).CHAIN_CONFIRMATIONS).toEqual({ BSC: 15, TRON: 19, ETH: 12, BTC: 2 });
  expect(loadConfig({ NODE_ENV: 'test', CHAIN_CONFIRMATIONS: '{"BSC":3}' }).CHAIN_CONFIRMATIONS.BSC).toBe(3);
  expect(() => loadConfig({ NODE_ENV: 'test', TOPUP_TIME_ZONE: 'Asia/Shanghai' })).toThrow(/TOPUP_TIME_ZONE/);
});
