export { type CardBalance, cardBalances, floatBalances, MAX_BALANCE_PAGE } from './balances';
export { addOpenCards, type OpenCard } from './bulk';
export type { ArmedFault, Fault, FaultMode, FaultOperation, FaultRequest, FaultRules } from './faults';
export { FaultBoard, faultRoutes } from './faults';
export { isLuhnValid, TEST_BIN } from './luhn';
export { fromMinor, isAmount, toMinor } from './money';
export { pageHtml, SANDBOX_CSS, SANDBOX_PAGE_POLICY, servePage } from './page-files';
export { buildSandboxIssuer, type SandboxIssuer, type SandboxOptions } from './server';
export { signatureHeader } from './signing';
export { type StateCodec, StateFile } from './state-file';

import { buildSandboxIssuer, type SandboxIssuer, type SandboxOptions } from './server';

/** Builds and listens; resolves to the issuer and its base URL (port 0 picks a free port). */
export async function startSandboxIssuer(
  options: SandboxOptions & { port?: number; host?: string },
): Promise<SandboxIssuer & { url: string; close(): Promise<void> }> {
  const issuer = buildSandboxIssuer(options);
  const address = await issuer.app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { ...issuer, url: address.replace('[::1]', '127.0.0.1'), close: () => issuer.app.close() };
}
