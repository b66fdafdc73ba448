import type { FastifyInstance } from 'fastify';
import type { Store } from './state.ts';

type Platform = 'shopee' | 'lazada';
type BuyerSays = (shopId: string, buyerId: string, type: string, content: Record<string, unknown>) => unknown;
type Find = (
  shopId: string,
  buyerId: string,
) =>
  | { messages: { id: string; from: string; type: string; content: Record<string, unknown>; at: number }[] }
  | undefined;

const STICKERS = ['😀', '👍', '❤️', '🙏', '😢'];

/** The shopper console: a person chats with a shop as a customer (text, stickers, images, product and order cards). */
export function shopperConsole(
  app: FastifyInstance,
  store: Store,
  publicUrl: string,
  platforms: Record<Platform, { buyerSays: BuyerSays; conversation: Find }>,
) {
  app.get('/shopper/api/directory', async () => ({
    stickers: STICKERS,
    platforms: (['shopee', 'lazada'] as const).map((p) => ({
      id: p,
      shops: store.state[p].shops.map((s) => ({
        id: s.id,
        name: s.name,
        products: s.products.map((x) => ({ id: x.id, name: x.name, image: `${publicUrl}/${x.image}` })),
      })),
      buyers: store.state[p].buyers,
    })),
  }));

  app.get('/shopper/api/conversation', async (request) => {
    const q = request.query as { platform?: Platform; shop?: string; buyer?: string };
    const p = platforms[q.platform === 'lazada' ? 'lazada' : 'shopee'];
    return { messages: p.conversation(q.shop ?? '', q.buyer ?? '')?.messages ?? [] };
  });

  app.post('/shopper/api/send', async (request, reply) => {
    const b = (request.body ?? {}) as {
      platform?: Platform;
      shop?: string;
      buyer?: string;
      type?: string;
      content?: Record<string, unknown>;
    };
    const types = ['text', 'sticker', 'image', 'item', 'order'];
    if (!b.shop || !b.buyer || !b.type || !types.includes(b.type) || !b.content)
      return reply.status(400).send({ error: 'shop, buyer, type and content are required' });
    try {
      platforms[b.platform === 'lazada' ? 'lazada' : 'shopee'].buyerSays(b.shop, b.buyer, b.type, b.content);
      return { ok: true };
    } catch (error) {
      return reply.status(400).send({ error: (error as Error).message });
    }
  });

  app.get('/shopper', async (_request, reply) => reply.type('text/html').send(page(publicUrl)));
}

function page(base: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Shopper console · Balas marketplace sandbox</title>
<style>
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#f2f3f5;color:#222;height:100vh;display:flex;flex-direction:column}
header{background:#222;color:#fff;padding:10px 16px;display:flex;flex-wrap:wrap;gap:10px;align-items:center}header h1{font-size:16px;margin:0 12px 0 0}
select{padding:6px 8px;border-radius:6px;border:0;font:inherit}label{font-size:12px;opacity:.8;display:flex;flex-direction:column;gap:2px}
#log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:8px;max-width:760px;width:100%;margin:0 auto}
.b{max-width:78%;padding:8px 12px;border-radius:14px;background:#fff;border:1px solid #e3e3e3;white-space:pre-wrap;word-break:break-word}
.b.me{align-self:flex-end;background:#ee4d2d;color:#fff;border:0}.b small{display:block;opacity:.7;font-size:11px;margin-top:2px}
.card{display:flex;gap:8px;align-items:center}.card img{width:44px;height:44px;border-radius:6px}
form{display:flex;gap:8px;padding:10px;background:#fff;border-top:1px solid #ddd;max-width:760px;width:100%;margin:0 auto}
form input[name=message]{flex:1;padding:10px 12px;border:1px solid #ccc;border-radius:20px;font:inherit}
button{border:0;border-radius:20px;padding:8px 14px;font:600 14px system-ui;cursor:pointer;background:#ee4d2d;color:#fff}
.tools{display:flex;gap:6px;flex-wrap:wrap;max-width:760px;width:100%;margin:0 auto;padding:6px 10px}.tools button{background:#fff;color:#333;border:1px solid #ccc}
.empty{color:#888;text-align:center;margin-top:40px}
</style></head><body>
<header><h1>Shopper console</h1>
<label>Platform<select id="platform" data-testid="platform"></select></label>
<label>Shop<select id="shop" data-testid="shop"></select></label>
<label>Buyer<select id="buyer" data-testid="buyer"></select></label></header>
<div id="log" role="log" aria-live="polite" aria-label="Conversation"></div>
<div class="tools" aria-label="Send a card">
<span id="stickers"></span>
<button type="button" id="image">Image</button><button type="button" id="product">Product card</button><button type="button" id="order">Order card</button></div>
<form id="form"><input name="message" aria-label="Message" placeholder="Write to the shop..." autocomplete="off"><button type="submit">Send</button></form>
<script>
const base=${JSON.stringify(base)};let dir;const $=(id)=>document.getElementById(id);
const sel=()=>({platform:$('platform').value,shop:$('shop').value,buyer:$('buyer').value});
const esc=(s)=>String(s??'').replace(/[&<>"']/g,(c)=>'&#'+c.charCodeAt(0)+';');
function fill(){const p=dir.platforms.find(x=>x.id===$('platform').value);
$('shop').innerHTML=p.shops.map(s=>'<option value="'+s.id+'">'+esc(s.name)+'</option>').join('');
$('buyer').innerHTML=p.buyers.map(b=>'<option value="'+b.id+'">'+esc(b.name)+'</option>').join('');refresh();}
function render(m){const c=m.content||{};const text=c.text??c.txt;let body='';
if(m.type==='text')body=esc(text);else if(m.type==='sticker')body='<span style="font-size:30px">'+esc(c.sticker??text??'🙂')+'</span>';
else if(m.type==='image')body='<img alt="image" style="max-width:180px;border-radius:8px" src="'+esc(c.url??c.imgUrl)+'">';
else if(m.type==='item'){const p=currentShop().products.find(x=>x.id===String(c.item_id??c.itemId));body='<div class="card">'+(p?'<img alt="" src="'+esc(p.image)+'">':'')+'<b>'+esc(p?p.name:'Product '+(c.item_id??c.itemId))+'</b></div>';}
else if(m.type==='order')body='🧾 Order '+esc(c.order_sn??c.orderId);else body=esc(text??('['+m.type+']'));
return '<div class="b '+(m.from==='buyer'?'me':'')+'">'+body+'<small>'+(m.from==='buyer'?'You':'Shop')+' · '+new Date(m.at).toLocaleTimeString()+'</small></div>';}
function currentShop(){return dir.platforms.find(x=>x.id===$('platform').value).shops.find(s=>s.id===$('shop').value);}
let last='';async function refresh(){const s=sel();const r=await fetch(base+'/shopper/api/conversation?platform='+s.platform+'&shop='+s.shop+'&buyer='+s.buyer);
const {messages}=await r.json();const key=JSON.stringify(messages.map(m=>m.id));if(key===last)return;last=key;
$('log').innerHTML=messages.length?messages.map(render).join(''):'<p class="empty">Say hello to the shop.</p>';$('log').scrollTop=1e9;}
async function send(type,content){const s=sel();await fetch(base+'/shopper/api/send',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({...s,type,content})});last='';refresh();}
$('form').addEventListener('submit',(e)=>{e.preventDefault();const i=e.target.message;const t=i.value.trim();if(!t)return;i.value='';send('text',{text:t});});
$('image').onclick=()=>send('image',{url:currentShop().products[0].image});
$('product').onclick=()=>{const p=currentShop().products[Math.floor(Math.random()*currentShop().products.length)];send('item',{item_id:p.id,itemId:p.id});};
$('order').onclick=()=>send('order',{order_sn:'2611'+Math.floor(Math.random()*1e8),orderId:'2611'+Math.floor(Math.random()*1e8)});
(async()=>{dir=await (await fetch(base+'/shopper/api/directory')).json();
$('platform').innerHTML=dir.platforms.map(p=>'<option value="'+p.id+'">'+p.id[0].toUpperCase()+p.id.slice(1)+'</option>').join('');
$('stickers').innerHTML=dir.stickers.map(s=>'<button type="button" aria-label="Sticker '+s+'" data-sticker="'+s+'">'+s+'</button>').join('');
document.querySelectorAll('[data-sticker]').forEach(b=>b.onclick=()=>send('sticker',{sticker:b.dataset.sticker,sticker_id:b.dataset.sticker,txt:b.dataset.sticker}));
['platform','shop','buyer'].forEach(id=>$(id).addEventListener('change',()=>{last='';id==='platform'?fill():refresh();}));fill();setInterval(refresh,1500);})();
</script></body></html>`;
}
