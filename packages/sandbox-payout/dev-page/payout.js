// The sandbox payout partner's page: reads the sandbox's state every 3 s and calls its back office.

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const path = (...parts) => `/sandbox/${parts.map(encodeURIComponent).join('/')}`;

async function call(method, url, body) {
  const r = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  $('out').textContent = `${r.status} ${JSON.stringify(await r.json(), null, 2)}`;
  await load();
}

const actions = {
  settings: () =>
    call('PUT', '/sandbox/settings', {
      autoSettleSeconds: $('s-on').checked ? Number($('s-seconds').value) : null,
      autoOutcome: $('s-outcome').value,
    }),
  arm: () => {
    const ms = $('f-ms').value.trim();
    const count = $('f-count').value.trim();
    return call('POST', '/sandbox/faults', {
      mode: $('f-mode').value,
      ...(ms ? { ms: Number(ms) } : {}),
      ...(count ? { count: Number(count) } : {}),
    });
  },
  'clear-faults': () => call('DELETE', '/sandbox/faults'),
  paid: (id) => call('POST', path('payouts', id, 'paid'), {}),
  'pay-twice': (id) => call('POST', path('payouts', id, 'pay-twice'), {}),
  reject: (id, row) => {
    const reason = row.querySelector('input').value.trim();
    return call('POST', path('payouts', id, 'rejected'), reason ? { reason } : {});
  },
  redeliver: (id) => call('POST', path('events', id, 'redeliver'), {}),
};

document.addEventListener('click', (event) => {
  const target = event.target.closest('button[data-act]');
  if (target) actions[target.dataset.act](target.dataset.id, target.closest('tr'));
});

function payoutRow(x) {
  const status = x.status === 'paid' ? 'ok' : x.status === 'rejected' ? 'bad' : '';
  const payee = `${esc(x.payee.name)}<br><span class="muted">ID ${esc(x.payee.idNumber)} · ${esc(x.method === 'bank' ? `${x.payee.bankName} ` : 'Alipay ')}${esc(x.payee.account)}${x.payee.phone ? ` · tel ${esc(x.payee.phone)}` : ''}</span>`;
  const notes =
    (x.reason ? `<br><span class="muted">${esc(x.reason)}</span>` : '') +
    (x.autoSettle ? `<br><span class="muted">${esc(x.autoSettle.outcome)} at ${esc(x.autoSettle.at)}</span>` : '');
  const acts =
    x.status === 'pending'
      ? `<button data-act="paid" data-id="${esc(x.id)}">mark paid</button><br><input class="reason" placeholder="reason (optional)" aria-label="reason"><button data-act="reject" data-id="${esc(x.id)}">reject</button>`
      : x.status === 'paid'
        ? // Plants a break for the reconciliation to find: the partner pays this payout once more.
          `<button data-act="pay-twice" data-id="${esc(x.id)}">pay again (plant a break)</button>`
        : '';
  return `<tr><td>${esc(x.id)}<br><span class="muted">${esc(x.reference)} · ${esc(x.createdAt)}</span></td><td>${esc(`${x.amount} ${x.currency}`)}<br><span class="muted">${esc(x.method)}</span></td><td>${payee}</td><td class="${status}">${esc(x.status)}${notes}</td><td>${acts}</td></tr>`;
}

function eventRow(x) {
  const deliveries =
    x.deliveries
      .map(
        (d) =>
          `<span class="${d.status >= 200 && d.status < 300 ? 'ok' : 'bad'}">${esc(d.status ?? 'no answer')}</span> <span class="muted">${esc(d.at)} ${esc(d.error ?? '')}</span>`,
      )
      .join('<br>') || '<span class="muted">not sent yet</span>';
  return `<tr><td>${esc(x.type)}<br><span class="muted">${esc(x.id)} · ${esc(x.created)}</span></td><td>${esc(x.data.payout.id)}</td><td>${deliveries}</td><td><button data-act="redeliver" data-id="${esc(x.id)}">redeliver</button></td></tr>`;
}

let settingsShown = false;
async function load() {
  const urls = ['/sandbox/payouts', '/sandbox/events', '/sandbox/settings', '/sandbox/faults'];
  const [p, ev, s, f] = await Promise.all(urls.map((u) => fetch(u).then((r) => r.json())));
  $('s-now').textContent = `now: ${s.autoSettleSeconds === null ? 'marked by hand' : `${s.autoOutcome} after ${s.autoSettleSeconds} s`}`;
  if (!settingsShown) {
    settingsShown = true;
    $('s-on').checked = s.autoSettleSeconds !== null;
    if (s.autoSettleSeconds !== null) $('s-seconds').value = s.autoSettleSeconds;
    $('s-outcome').value = s.autoOutcome;
  }
  $('faults').innerHTML =
    '<tr class="head"><th>fails by</th><th>ms</th><th>still to fail</th></tr>' +
    (f.down ? `<tr><td>down</td><td>until ${esc(f.down.until)}</td><td></td></tr>` : '') +
    f.faults.map((x) => `<tr><td>${esc(x.mode)}</td><td>${esc(x.ms)}</td><td>${esc(x.remaining)}</td></tr>`).join('') +
    (f.down || f.faults.length ? '' : '<tr><td colspan="3" class="muted">none armed</td></tr>');
  // Not while a reason is being typed: the refresh would throw it away.
  if (!$('payouts').contains(document.activeElement) || !document.activeElement.matches('input'))
    $('payouts').innerHTML =
      '<tr class="head"><th>order</th><th>amount</th><th>payee</th><th>status</th><th></th></tr>' +
      p.payouts.map(payoutRow).join('') +
      (p.payouts.length ? '' : '<tr><td colspan="5" class="muted">no payouts yet</td></tr>');
  $('events').innerHTML =
    '<tr class="head"><th>event</th><th>payout</th><th>deliveries</th><th></th></tr>' +
    ev.events.map(eventRow).join('') +
    (ev.events.length ? '' : '<tr><td colspan="4" class="muted">no events yet</td></tr>');
}

load();
setInterval(load, 3000);
