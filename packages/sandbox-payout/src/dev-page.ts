/**
 * One self-contained page (no build step, no external assets) from which a newcomer plays the payout
 * partner's back office: mark payouts paid or rejected, let them settle on their own, make submissions
 * fail to watch the app recover, and see what each webhook delivery got back. Payees show only the
 * last 4 characters of their ID and account numbers: the page reads the masked list, never more.
 */
export function devPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payout partner</title>
<style>
body{font:14px system-ui,sans-serif;margin:16px;max-width:1100px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:24px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
button{margin:2px;padding:4px 8px}input{width:80px}input[type=checkbox]{width:auto}.muted{color:#777}.ok{color:#1a7f37}.bad{color:#b42318}
pre{background:#f6f6f6;padding:8px;overflow:auto;max-height:240px}
</style></head><body>
<h1>Sandbox payout partner</h1>
<p class="muted">Plays the partner that pays CNY to Alipay or a bank account. Sell USDT for CNY in the wallet app, then come back
here to pay or reject the payout; the app hears of it by a signed webhook. Nothing here is real money.</p>
<h2>Automatic settlement</h2>
<p><label><input type="checkbox" id="s-on"> settle each new payout</label>
<input id="s-seconds" value="5"> s after submission as
<select id="s-outcome"><option>paid</option><option>rejected</option></select>
<button data-act="settings">save</button> <span id="s-now" class="muted"></span></p>
<h2>Faults (payout submissions)</h2>
<p class="muted">The next submissions fail this way. refuse: 422, nothing recorded. timeout-before: waits ms then 504, nothing recorded.
timeout-after: recorded, then waits ms and 504. down: every partner API call answers 503 for ms.</p>
<p><select id="f-mode"><option>refuse</option><option>timeout-before</option><option>timeout-after</option><option>down</option></select>
ms <input id="f-ms" placeholder="default"> count <input id="f-count" value="1">
<button data-act="arm">arm</button><button data-act="clear-faults">clear all faults</button></p>
<table id="faults"></table>
<h2>Payouts</h2><table id="payouts"></table>
<h2>Webhook events</h2><table id="events"></table>
<h2>Last reply</h2><pre id="out"></pre>
<script>
const $=(id)=>document.getElementById(id);
const esc=(s)=>String(s??'').replace(/[&<>"']/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
const path=(...parts)=>'/sandbox/'+parts.map(encodeURIComponent).join('/');
async function call(method,url,body){
 const r=await fetch(url,{method,headers:body?{'content-type':'application/json'}:{},body:body?JSON.stringify(body):undefined});
 $('out').textContent=r.status+' '+JSON.stringify(await r.json(),null,2);load();}
const actions={
 settings:()=>call('PUT','/sandbox/settings',{autoSettleSeconds:$('s-on').checked?Number($('s-seconds').value):null,autoOutcome:$('s-outcome').value}),
 arm:()=>{const ms=$('f-ms').value.trim();const count=$('f-count').value.trim();
  call('POST','/sandbox/faults',{mode:$('f-mode').value,...(ms?{ms:Number(ms)}:{}),...(count?{count:Number(count)}:{})});},
 'clear-faults':()=>call('DELETE','/sandbox/faults'),
 paid:(id)=>call('POST',path('payouts',id,'paid'),{}),
 reject:(id,row)=>{const reason=row.querySelector('input').value.trim();call('POST',path('payouts',id,'rejected'),reason?{reason}:{});},
 redeliver:(id)=>call('POST',path('events',id,'redeliver'),{}),
};
document.addEventListener('click',(e)=>{const b=e.target.closest('button[data-act]');if(b)actions[b.dataset.act](b.dataset.id,b.closest('tr'));});
let settingsShown=false;
async function load(){
 const [p,ev,s,f]=await Promise.all(['/sandbox/payouts','/sandbox/events','/sandbox/settings','/sandbox/faults'].map((u)=>fetch(u).then((r)=>r.json())));
 $('s-now').textContent='now: '+(s.autoSettleSeconds===null?'marked by hand':s.autoOutcome+' after '+s.autoSettleSeconds+' s');
 if(!settingsShown){settingsShown=true;$('s-on').checked=s.autoSettleSeconds!==null;if(s.autoSettleSeconds!==null)$('s-seconds').value=s.autoSettleSeconds;$('s-outcome').value=s.autoOutcome;}
 $('faults').innerHTML='<tr><th>fails by</th><th>ms</th><th>still to fail</th></tr>'+(f.down?'<tr><td>down</td><td>until '+esc(f.down.until)+'</td><td></td></tr>':'')+
  f.faults.map((x)=>'<tr><td>'+esc(x.mode)+'</td><td>'+esc(x.ms)+'</td><td>'+esc(x.remaining)+'</td></tr>').join('')+
  (f.down||f.faults.length?'':'<tr><td colspan="3" class="muted">none armed</td></tr>');
 // Not while a reason is being typed: the refresh would throw it away.
 if(!$('payouts').contains(document.activeElement))$('payouts').innerHTML='<tr><th>order</th><th>amount</th><th>payee</th><th>status</th><th></th></tr>'+p.payouts.map((x)=>'<tr><td>'+esc(x.id)+'<br><span class="muted">'+esc(x.reference)+' · '+esc(x.createdAt)+'</span></td>'+
  '<td>'+esc(x.amount+' '+x.currency)+'<br><span class="muted">'+esc(x.method)+'</span></td>'+
  '<td>'+esc(x.payee.name)+'<br><span class="muted">ID '+esc(x.payee.idNumber)+' · '+esc(x.method==='bank'?x.payee.bankName+' ':'Alipay ')+esc(x.payee.account)+(x.payee.phone?' · tel '+esc(x.payee.phone):'')+'</span></td>'+
  '<td class="'+(x.status==='paid'?'ok':x.status==='rejected'?'bad':'')+'">'+esc(x.status)+(x.reason?'<br><span class="muted">'+esc(x.reason)+'</span>':'')+(x.autoSettle?'<br><span class="muted">'+esc(x.autoSettle.outcome)+' at '+esc(x.autoSettle.at)+'</span>':'')+'</td>'+
  '<td>'+(x.status==='pending'?'<button data-act="paid" data-id="'+esc(x.id)+'">mark paid</button><br><input style="width:200px" placeholder="reason (optional)"><button data-act="reject" data-id="'+esc(x.id)+'">reject</button>':'')+'</td></tr>').join('')+
  (p.payouts.length?'':'<tr><td colspan="5" class="muted">no payouts yet</td></tr>');
 $('events').innerHTML='<tr><th>event</th><th>payout</th><th>deliveries</th><th></th></tr>'+ev.events.map((x)=>'<tr><td>'+esc(x.type)+'<br><span class="muted">'+esc(x.id)+' · '+esc(x.created)+'</span></td>'+
  '<td>'+esc(x.data.payout.id)+'</td><td>'+(x.deliveries.map((d)=>'<span class="'+(d.status>=200&&d.status<300?'ok':'bad')+'">'+esc(d.status??'no answer')+'</span> <span class="muted">'+esc(d.at)+' '+esc(d.error??'')+'</span>').join('<br>')||'<span class="muted">not sent yet</span>')+'</td>'+
  '<td><button data-act="redeliver" data-id="'+esc(x.id)+'">redeliver</button></td></tr>').join('')+
  (ev.events.length?'':'<tr><td colspan="4" class="muted">no events yet</td></tr>');
}
load();setInterval(load,3000);
</script></body></html>`;
}
