// The sandbox card issuer's page: reads the sandbox's state every 3 s and calls its test helpers.

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const path = (...parts) => `/sandbox/${parts.map(encodeURIComponent).join('/')}`;
const button = (act, id, label) => `<button data-act="${act}" data-id="${esc(id)}">${label}</button>`;

async function call(method, url, body) {
  const r = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  $('out').textContent = `${r.status} ${JSON.stringify(await r.json(), null, 2)}`;
  await load();
}
const post = (url, body) => call('POST', url, body ?? {});
const value = (row, name) => row.querySelector(`[name="${name}"]`).value;

const actions = {
  'fail-opening': () => post('/sandbox/openings/fail-next', { count: 1 }),
  arm: () => {
    const ms = $('f-ms').value.trim();
    const count = $('f-count').value.trim();
    return post('/sandbox/faults', {
      operation: $('f-op').value,
      mode: $('f-mode').value,
      ...(ms ? { ms: Number(ms) } : {}),
      ...(count ? { count: Number(count) } : {}),
    });
  },
  'clear-faults': () => call('DELETE', '/sandbox/faults'),
  approve: (id) => post(path('cardholders', id, 'kyc'), { decision: 'approve' }),
  reject: (id) => post(path('cardholders', id, 'kyc'), { decision: 'reject', reason: 'photo unreadable' }),
  buy: (id, row) =>
    post(path('cards', id, 'purchase'), {
      amount: value(row, 'amount'),
      merchant: value(row, 'merchant'),
      mcc: value(row, 'mcc'),
      channel: value(row, 'channel'),
    }),
  'load-at-issuer-only': (id, row) => post(path('cards', id, 'load-at-issuer-only'), { amount: value(row, 'plant') }),
  ship: (id) => post(path('cards', id, 'ship')),
  deliver: (id) => post(path('cards', id, 'deliver')),
  printed: (id) => call('GET', path('cards', id, 'printed')),
  clear: (id, row) => post(path('authorizations', id, 'clearing'), { amount: value(row, 'settle') }),
  reverse: (id, row) => post(path('authorizations', id, 'reversal'), { amount: value(row, 'settle') }),
  refund: (id, row) => post(path('authorizations', id, 'refund'), { amount: value(row, 'settle') }),
};

document.addEventListener('click', (event) => {
  const target = event.target.closest('button[data-act]');
  if (target) actions[target.dataset.act](target.dataset.id, target.closest('tr'));
});

/** A table is left alone while one of its fields is being typed into: the refresh would throw it away. */
function fill(id, html) {
  const table = $(id);
  const editing = document.activeElement?.matches('input, select') && table.contains(document.activeElement);
  if (!editing) table.innerHTML = html;
}

function holderRow(x) {
  const actions = x.kycStatus === 'pending' ? button('approve', x.id, 'approve') + button('reject', x.id, 'reject') : '';
  return `<tr><td>${esc(x.id)}</td><td>${esc(`${x.firstName} ${x.lastName}`)}</td><td>${esc(x.kycStatus)} ${esc(x.kycReason || '')}</td><td>${actions}</td></tr>`;
}

function cardRow(x) {
  const purchase =
    '<input name="amount" value="12.50" aria-label="amount"> <input name="merchant" class="wide" value="Sandbox Coffee" aria-label="merchant">' +
    ' MCC <input name="mcc" class="narrow" value="5814" aria-label="merchant category code">' +
    ' <select name="channel" aria-label="channel"><option>pos</option><option>online</option><option>atm</option></select>' +
    button('buy', x.id, 'buy');
  const physical =
    x.type === 'physical'
      ? button('ship', x.id, 'ship') +
        button('deliver', x.id, 'deliver') +
        (x.shipping.status === 'delivered' ? button('printed', x.id, 'read printed number') : '') +
        (x.bound ? ' bound' : '')
      : '';
  // Plants a break for the reconciliation to find: money on the card that the app was never told of.
  const plant = `<input name="plant" class="narrow" value="5" aria-label="amount to load at the issuer only">${button('load-at-issuer-only', x.id, 'load at issuer only')}`;
  return `<tr><td>${esc(x.id)}<br>${esc(`${x.type} ${x.currency}`)} •••• ${esc(x.last4 || '----')}</td><td>${esc(x.state)}<br>${esc(x.balance)} ${esc(x.currency)}<br><span class="muted">${esc(`${x.shipping.status} ${x.shipping.trackingNumber || ''}`)}</span></td><td>${purchase}</td><td>${physical}</td><td>${plant}</td></tr>`;
}

function authorizationRow(x) {
  const decision = x.approved ? 'approved' : `declined ${esc(x.reason || '')}`;
  const settle = `<input name="settle" value="${esc(x.amount)}" aria-label="amount">${button('clear', x.id, 'clear')}${button('reverse', x.id, 'reverse')}${button('refund', x.id, 'refund')}`;
  return `<tr><td>${esc(x.id)}<br><span class="muted">${esc(x.merchant.name)}</span></td><td>${esc(`${x.amount} ${x.currency}`)}</td><td>${decision}</td><td>${settle}</td></tr>`;
}

async function load() {
  const urls = ['/sandbox/cardholders', '/sandbox/cards', '/sandbox/authorizations', '/sandbox/faults', '/sandbox/float'];
  const [h, c, a, f, fl] = await Promise.all(urls.map((u) => fetch(u).then((r) => r.json())));
  const floats = Object.entries(fl.balances);
  fill(
    'float',
    '<tr class="head"><th>currency</th><th>float</th></tr>' +
      (floats.length
        ? floats.map(([currency, amount]) => `<tr><td>${esc(currency)}</td><td>${esc(amount)}</td></tr>`).join('')
        : '<tr><td colspan="2" class="muted">nothing loaded yet</td></tr>'),
  );
  fill(
    'faults',
    '<tr class="head"><th>calls</th><th>fails by</th><th>ms</th><th>still to fail</th></tr>' +
      (f.down ? `<tr><td>all</td><td>down</td><td>until ${esc(f.down.until)}</td><td></td></tr>` : '') +
      f.faults
        .map((x) => `<tr><td>${esc(x.operation)}</td><td>${esc(x.mode)}</td><td>${esc(x.ms)}</td><td>${esc(x.remaining)}</td></tr>`)
        .join('') +
      (f.down || f.faults.length ? '' : '<tr><td colspan="4" class="muted">none armed</td></tr>'),
  );
  fill('holders', `<tr class="head"><th>id</th><th>name</th><th>KYC</th><th></th></tr>${h.cardholders.map(holderRow).join('')}`);
  fill(
    'cards',
    `<tr class="head"><th>card</th><th>state</th><th>purchase</th><th>physical</th><th>plant a break</th></tr>${c.cards.map(cardRow).join('')}`,
  );
  fill(
    'auths',
    `<tr class="head"><th>authorization</th><th>amount</th><th>decision</th><th></th></tr>${a.authorizations.map(authorizationRow).join('')}`,
  );
}

load();
setInterval(load, 3000);
