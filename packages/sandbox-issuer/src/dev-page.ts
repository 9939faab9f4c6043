import { pageHtml } from './page-files';

/** The issuer page's script (dev-page/issuer.js), named by the package's export. */
export const ISSUER_PAGE_SCRIPT = '@wallet/sandbox-issuer/dev-page/issuer.js';

/**
 * One page (no build step, nothing from elsewhere, no inline script) from which a newcomer drives cards
 * through their life: approve KYC, buy something, reverse, clear, refund, ship, deliver, read a delivered
 * card's printed number (to bind it in the app), and make loads and unloads fail to watch the app recover.
 */
export function devPage(): string {
  return pageHtml(
    'Sandbox card issuer',
    `<h1>Sandbox card issuer</h1>
<p class="muted">Plays the card network and the issuer's back office. Open a card in the wallet app, then come back here.
Card numbers are Luhn-valid test numbers from a test BIN; nothing here is real money.</p>
<p><button data-act="fail-opening">Make the next card opening fail</button></p>
<h2>Faults (loads and unloads)</h2>
<p class="muted">The next matching calls fail this way. "down" takes loads, unloads and operation lookups offline for ms.</p>
<p><select id="f-op" aria-label="operation"><option>load</option><option>unload</option></select>
<select id="f-mode" aria-label="mode"><option>refuse</option><option>timeout-before</option><option>timeout-after</option><option>delay</option><option>down</option></select>
ms <input id="f-ms" placeholder="default"> count <input id="f-count" value="1">
<button data-act="arm">arm</button><button data-act="clear-faults">clear all faults</button></p>
<table id="faults"></table>
<h2>Float</h2>
<p class="muted">What the issuer holds for all cards. "load at issuer only" on a card raises the card and the float without telling
the app: the next reconciliation in the console finds the card's balance break and the float break.</p>
<table id="float"></table>
<h2>Cardholders (KYC)</h2><table id="holders"></table>
<h2>Cards</h2><table id="cards"></table>
<h2>Authorizations</h2><table id="auths"></table>
<h2>Last reply</h2><pre id="out"></pre>`,
    'issuer.js',
  );
}
