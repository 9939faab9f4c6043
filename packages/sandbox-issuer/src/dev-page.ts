/**
 * One self-contained page (no build step, no external assets) from which a newcomer drives cards
 * through their life: approve KYC, buy something, reverse, clear, refund, ship, deliver, read a delivered
 * card's printed number (to bind it in the app), and make loads and unloads fail to watch the app recover.
 */
export function devPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox card issuer</title>
<style>
body{font:14px system-ui,sans-serif;margin:16px;max-width:960px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:24px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
button{margin:2px;padding:4px 8px}input{width:80px}.muted{color:#777}pre{background:#f6f6f6;padding:8px;overflow:auto;max-height:240px}
</style></head><body>
<h1>Sandbox card issuer</h1>
<p class="muted">Plays the card network and the issuer's back office. Open a card in the wallet app, then come back here.
Card numbers are Luhn-valid test numbers from a test BIN; nothing here is real money.</p>
<p><button onclick="post('/sandbox/openings/fail-next',{count:1})">Make the next card opening fail</button></p>
<h2>Faults (loads and unloads)</h2>
<p class="muted">The next matching calls fail this way. "down" takes loads, unloads and operation lookups offline for ms.</p>
<p><select id="f-op"><option>load</option><option>unload</option></select>
<select id="f-mode"><option>refuse</option><option>timeout-before</option><option>timeout-after</option><option>delay</option><option>down</option></select>
ms <input id="f-ms" placeholder="default"> count <input id="f-count" value="1">
<button onclick="armFault()">arm</button><button onclick="clearFaults()">clear all faults</button></p>
<table id="faults"></table>
<h2>Cardholders (KYC)</h2><table id="holders"></table>
<h2>Cards</h2><table id="cards"></table>
<h2>Authorizations</h2><table id="auths"></table>
<h2>Last reply</h2><pre id="out"></pre>
<script>
const $=(id)=>document.getElementById(id);
const esc=(s)=>String(s??'').replace(/[&<>"]/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
async function post(url,body){const r=await fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body||{})});
$('out').textContent=JSON.stringify(await r.json(),null,2);load();}
function armFault(){const ms=$('f-ms').value.trim();const count=$('f-count').value.trim();
post('/sandbox/faults',{operation:$('f-op').value,mode:$('f-mode').value,...(ms?{ms:Number(ms)}:{}),...(count?{count:Number(count)}:{})});}
async function clearFaults(){const r=await fetch('/sandbox/faults',{method:'DELETE'});$('out').textContent=JSON.stringify(await r.json(),null,2);load();}
async function show(url){$('out').textContent=JSON.stringify(await (await fetch(url)).json(),null,2);}
async function load(){
 const [h,c,a,f]=await Promise.all(['/sandbox/cardholders','/sandbox/cards','/sandbox/authorizations','/sandbox/faults'].map((u)=>fetch(u).then((r)=>r.json())));
 $('faults').innerHTML='<tr><th>calls</th><th>fails by</th><th>ms</th><th>still to fail</th></tr>'+(f.down?'<tr><td>all</td><td>down</td><td>until '+esc(f.down.until)+'</td><td></td></tr>':'')+
  f.faults.map((x)=>'<tr><td>'+esc(x.operation)+'</td><td>'+esc(x.mode)+'</td><td>'+esc(x.ms)+'</td><td>'+esc(x.remaining)+'</td></tr>').join('')+
  (f.down||f.faults.length?'':'<tr><td colspan="4" class="muted">none armed</td></tr>');
 $('holders').innerHTML='<tr><th>id</th><th>name</th><th>KYC</th><th></th></tr>'+h.cardholders.map((x)=>'<tr><td>'+esc(x.id)+'</td><td>'+esc(x.firstName+' '+x.lastName)+'</td><td>'+esc(x.kycStatus)+' '+esc(x.kycReason||'')+'</td><td>'+
  (x.kycStatus==='pending'?'<button onclick="post(\\'/sandbox/cardholders/'+x.id+'/kyc\\',{decision:\\'approve\\'})">approve</button><button onclick="post(\\'/sandbox/cardholders/'+x.id+'/kyc\\',{decision:\\'reject\\',reason:\\'photo unreadable\\'})">reject</button>':'')+'</td></tr>').join('');
 $('cards').innerHTML='<tr><th>card</th><th>state</th><th>purchase</th><th>physical</th></tr>'+c.cards.map((x)=>'<tr><td>'+esc(x.id)+'<br>'+esc(x.type+' '+x.currency)+' •••• '+esc(x.last4||'----')+'</td><td>'+esc(x.state)+'<br><span class="muted">'+esc(x.shipping.status+' '+(x.shipping.trackingNumber||''))+'</span></td><td>'+
  '<input id="amt-'+x.id+'" value="12.50"> <input id="m-'+x.id+'" value="Sandbox Coffee" style="width:120px"> MCC <input id="mcc-'+x.id+'" value="5814" style="width:44px"> <select id="ch-'+x.id+'"><option>pos</option><option>online</option><option>atm</option></select><button onclick="post(\\'/sandbox/cards/'+x.id+'/purchase\\',{amount:$(\\'amt-'+x.id+'\\').value,merchant:$(\\'m-'+x.id+'\\').value,mcc:$(\\'mcc-'+x.id+'\\').value,channel:$(\\'ch-'+x.id+'\\').value})">buy</button></td><td>'+
  (x.type==='physical'?'<button onclick="post(\\'/sandbox/cards/'+x.id+'/ship\\')">ship</button><button onclick="post(\\'/sandbox/cards/'+x.id+'/deliver\\')">deliver</button>'+(x.shipping.status==='delivered'?'<button onclick="show(\\'/sandbox/cards/'+x.id+'/printed\\')">read printed number</button>':'')+(x.bound?' bound':''):'')+'</td></tr>').join('');
 $('auths').innerHTML='<tr><th>authorization</th><th>amount</th><th>decision</th><th></th></tr>'+a.authorizations.map((x)=>'<tr><td>'+esc(x.id)+'<br><span class="muted">'+esc(x.merchant.name)+'</span></td><td>'+esc(x.amount+' '+x.currency)+'</td><td>'+(x.approved?'approved':'declined '+esc(x.reason||''))+'</td><td>'+
  '<input id="s-'+x.id+'" value="'+esc(x.amount)+'"><button onclick="post(\\'/sandbox/authorizations/'+x.id+'/clearing\\',{amount:$(\\'s-'+x.id+'\\').value})">clear</button><button onclick="post(\\'/sandbox/authorizations/'+x.id+'/reversal\\',{amount:$(\\'s-'+x.id+'\\').value})">reverse</button><button onclick="post(\\'/sandbox/authorizations/'+x.id+'/refund\\',{amount:$(\\'s-'+x.id+'\\').value})">refund</button></td></tr>').join('');
}
load();setInterval(load,3000);
</script></body></html>`;
}
