// /dev/chain: sends test coins from the signed-in member's bound address on the local chain.
// The member is the web app's: its session cookie goes with every call to /api, and a call that
// changes something carries the session's CSRF token, as the web app's own calls do (ADR 0012).

const $ = (id) => document.getElementById(id);
const TOP_UP_PAGES = { USDT: '/#/pages/topUpSun/toSun/index', ETH: '/#/pages/topUpSun/toEth/index' };
let csrf = null;

async function csrfToken(fresh) {
  if (csrf && !fresh) return csrf;
  const res = await fetch('/api/v1/auth/session', { credentials: 'same-origin' });
  csrf = res.ok ? (await res.json()).csrfToken : null;
  return csrf;
}

async function api(method, url, body, retried) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = await csrfToken(retried);
    if (token) headers['x-csrf-token'] = token;
  }
  const res = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  // The session changed in another tab: ask for its token once more, as the web app does.
  if (!retried && json.error?.code === 'CSRF_TOKEN_INVALID') return api(method, url, body, true);
  return { ok: res.ok, status: res.status, json };
}

function text(element, value, className) {
  element.textContent = value;
  element.className = className ?? '';
}

function link(href, label) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  return a;
}

function statusText(deposit) {
  if (deposit.status === 'confirming') return `Confirming ${deposit.confirmations} of ${deposit.confirmationsRequired}`;
  if (deposit.status === 'credited') return 'Credited';
  if (deposit.status === 'queued') return 'Queued (daily limit)';
  if (deposit.status === 'unattributed') return 'Not credited (not from your bound address)';
  return deposit.status;
}

async function showDeposits() {
  const { ok, json } = await api('GET', '/api/v1/topup/deposits');
  if (!ok) return;
  const list = $('deposits');
  list.replaceChildren(
    ...(json.deposits.length ? json.deposits.slice(0, 10) : [null]).map((deposit) => {
      const item = document.createElement('li');
      if (!deposit) {
        text(item, 'No deposits yet.', 'muted');
        return item;
      }
      item.dataset.status = deposit.status;
      item.dataset.network = deposit.network;
      const status = document.createElement('b');
      text(status, statusText(deposit), deposit.status === 'credited' ? 'ok' : deposit.status === 'unattributed' ? 'bad' : '');
      const hash = document.createElement('code');
      hash.textContent = deposit.txHash;
      item.append(`${deposit.amount} ${deposit.currency} on ${deposit.network} · `, status, document.createElement('br'), hash);
      return item;
    }),
  );
}

async function start() {
  const me = $('me');
  const { ok, status, json } = await api('GET', '/api/v1/topup');
  if (!ok) {
    if (status === 401) {
      text(me, 'You are not signed in. Sign in to the web app in this browser, then reload this page: ');
      me.append(link('/', 'open the web app'));
    } else text(me, json.error?.message ?? `The top-up details did not load (${status}).`, 'bad');
    return;
  }
  if (!json.boundAddress) {
    text(me, 'Bind a TRON or BSC address in the web app first: test coins are sent from it. ');
    me.append(link('/#/pages/bindingAddress/index', 'Bind an address'));
    return;
  }
  text(me, `Signed in. Your bound ${json.boundNetwork} address: `);
  const address = document.createElement('code');
  address.id = 'bound';
  address.textContent = json.boundAddress;
  me.append(address);
  // ETH is sent from a BSC address (the same 0x account); a TRON address cannot send it.
  $('asset').querySelector('option[value="ETH"]').disabled = json.boundNetwork !== 'BSC';
  $('send-button').disabled = false;
  await showDeposits();
  setInterval(showDeposits, 2000);
}

$('send').addEventListener('submit', async (event) => {
  event.preventDefault();
  const out = $('out');
  const button = $('send-button');
  const asset = $('asset').value;
  button.disabled = true;
  text(out, 'Sending…');
  try {
    const { ok, json } = await api('POST', '/api/v1/dev/chain/deposits', { amount: $('amount').value.trim(), asset });
    if (!ok) return text(out, json.error?.message ?? 'The local chain did not answer.', 'bad');
    text(
      out,
      `Sent ${$('amount').value.trim()} ${asset} on ${json.network} from ${json.from} to ${json.to}. Transaction ${json.txHash}. `,
      'ok',
    );
    out.append(link(TOP_UP_PAGES[asset], 'Watch it on the top-up page'));
    await showDeposits();
  } catch {
    text(out, 'The server did not answer. Is npm start still running?', 'bad');
  } finally {
    button.disabled = false;
  }
});

start().catch(() => text($('me'), 'The server did not answer. Is npm start still running?', 'bad'));
