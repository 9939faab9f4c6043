import { pageHtml } from '@wallet/sandbox-issuer';

/** The payout page's script (dev-page/payout.js), named by the package's export. */
export const PAYOUT_PAGE_SCRIPT = '@wallet/sandbox-payout/dev-page/payout.js';

/**
 * One page (no build step, nothing from elsewhere, no inline script) from which a newcomer plays the
 * payout partner's back office: mark payouts paid or rejected, let them settle on their own, make
 * submissions fail to watch the app recover, and see what each webhook delivery got back. Payees show
 * only the last 4 characters of their ID and account numbers: the page reads the masked list, never more.
 */
export function devPage(): string {
  return pageHtml(
    'Sandbox payout partner',
    `<h1>Sandbox payout partner</h1>
<p class="muted">Plays the partner that pays CNY to Alipay or a bank account. Sell USDT for CNY in the wallet app, then come back
here to pay or reject the payout; the app hears of it by a signed webhook. Nothing here is real money.</p>
<h2>Automatic settlement</h2>
<p><label><input type="checkbox" id="s-on"> settle each new payout</label>
<input id="s-seconds" value="5" aria-label="seconds"> s after submission as
<select id="s-outcome" aria-label="outcome"><option>paid</option><option>rejected</option></select>
<button data-act="settings">save</button> <span id="s-now" class="muted"></span></p>
<h2>Faults (payout submissions)</h2>
<p class="muted">The next submissions fail this way. refuse: 422, nothing recorded. timeout-before: waits ms then 504, nothing recorded.
timeout-after: recorded, then waits ms and 504. down: every partner API call answers 503 for ms.</p>
<p><select id="f-mode" aria-label="mode"><option>refuse</option><option>timeout-before</option><option>timeout-after</option><option>down</option></select>
ms <input id="f-ms" placeholder="default"> count <input id="f-count" value="1">
<button data-act="arm">arm</button><button data-act="clear-faults">clear all faults</button></p>
<table id="faults"></table>
<h2>Payouts</h2>
<p class="muted">"pay again" on a paid payout makes the partner pay it a second time without telling the app: the next
reconciliation in the console finds it as paid twice.</p><table id="payouts"></table>
<h2>Webhook events</h2><table id="events"></table>
<h2>Last reply</h2><pre id="out"></pre>`,
    'payout.js',
  );
}
