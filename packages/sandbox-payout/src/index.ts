export { signatureHeader } from '@wallet/sandbox-issuer';
export type { DeliveryTuning } from './deliver';
export type { ArmedFault, FaultMode, FaultRequest } from './faults';
export { buildSandboxPayout, type SandboxPayout, type SandboxPayoutOptions } from './server';
export type { Settings } from './settings';
export type { Delivery, Payee, Payout, PayoutEvent, PayoutMethod, PayoutStatus, PayoutStore, PayoutView } from './store';

import { buildSandboxPayout, type SandboxPayout, type SandboxPayoutOptions } from './server';

/** Builds and listens; resolves to the partner and its base URL (port 0 picks a free port). */
export async function startSandboxPayout(
  options: SandboxPayoutOptions & { port?: number; host?: string },
): Promise<SandboxPayout & { url: string; close(): Promise<void> }> {
  const payout = buildSandboxPayout(options);
  const address = await payout.app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { ...payout, url: address.replace('[::1]', '127.0.0.1'), close: () => payout.app.close() };
}
