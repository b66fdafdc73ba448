import { htmlPage } from './html.ts';
import { shopperScript } from './shopper-script.ts';

const style = `
*{box-sizing:border-box}
:root{--accent:#c93a1d;--accent-soft:#fff1ee;--ink:#1f2328;--muted:#57606a;--line:#e3e6ea;--bg:#f3f4f6}
body[data-platform=lazada]{--accent:#1a2ab7;--accent-soft:#eef0ff}
html,body{height:100%}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg);display:flex;flex-direction:column}
.bar{background:#14161a;color:#fff;padding:10px 16px;display:flex;flex-wrap:wrap;gap:10px 18px;align-items:center}
.brand{font-weight:700;font-size:16px;display:flex;align-items:baseline;gap:8px;margin-right:auto}
.brand small{font-weight:500;font-size:12px;color:#9aa4ae}
.pickers{display:flex;flex-wrap:wrap;gap:10px}
.pickers label{display:flex;flex-direction:column;font-size:11px;color:#9aa4ae;text-transform:uppercase;letter-spacing:.05em;gap:3px}
.pickers select{font:inherit;font-size:14px;padding:6px 28px 6px 10px;border-radius:8px;border:1px solid #3a3f47;background:#23272e;color:#fff;max-width:240px}
.chat{flex:1;min-height:0;display:flex;flex-direction:column;width:100%;max-width:820px;margin:0 auto;background:#fff;box-shadow:0 0 0 1px var(--line)}
.chat-head{display:flex;align-items:center;gap:12px;padding:12px 16px;border-bottom:1px solid var(--line)}
.chat-head .logo{width:40px;height:40px;border-radius:10px;background:var(--accent);color:#fff;display:grid;place-items:center;font-weight:700}
.chat-head strong{display:block}.chat-head small{color:var(--muted)}
.status{margin-left:auto;font-size:12px;padding:4px 10px;border-radius:999px;background:#fff4d6;color:#7a5200;white-space:nowrap}
.status.on{background:#dcf5e3;color:#1a6b34}
#messages{flex:1;overflow-y:auto;padding:18px 14px;display:flex;flex-direction:column;gap:10px;background:var(--bg)}
.empty{margin:auto;color:var(--muted);text-align:center}
.msg{max-width:min(78%,460px);display:flex;flex-direction:column;gap:3px;align-self:flex-start;align-items:flex-start}
.msg.me{align-self:flex-end;align-items:flex-end}
.bubble{padding:9px 13px;border-radius:16px;background:#fff;border:1px solid var(--line);white-space:pre-wrap;word-break:break-word}
.me .bubble{background:var(--accent);border-color:var(--accent);color:#fff;border-bottom-right-radius:5px}
.msg:not(.me) .bubble{border-bottom-left-radius:5px}
.bubble.bare{background:none;border:0;padding:0}
.bubble img.sticker{width:96px;height:96px;display:block}
.bubble img.photo{max-width:240px;width:100%;border-radius:12px;display:block}
.card{display:flex;gap:10px;align-items:center;background:#fff;color:var(--ink);border:1px solid var(--line);border-radius:12px;padding:8px 12px 8px 8px;min-width:220px;text-align:left}
.card img{width:56px;height:56px;border-radius:8px;object-fit:cover;flex:none}
.card b{display:block;font-size:14px}.card span{font-size:13px;color:var(--muted)}
.card .price{color:var(--accent);font-weight:600}
.meta{font-size:11px;color:var(--muted)}
#tray{border-top:1px solid var(--line);background:#fff;max-height:46vh;overflow-y:auto;padding:12px}
#tray h3{margin:0 0 8px;font-size:13px;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(84px,1fr));gap:8px}
.grid button{background:var(--accent-soft);border:1px solid transparent;border-radius:12px;padding:6px;cursor:pointer;font:inherit;font-size:12px;color:var(--ink)}
.grid button:hover,.list button:hover{border-color:var(--accent)}
.grid img{width:100%;aspect-ratio:1;object-fit:contain;display:block}
.list{display:flex;flex-direction:column;gap:6px}
.list button{width:100%;border:1px solid var(--line);cursor:pointer;font:inherit}
.search{width:100%;padding:8px 10px;border:1px solid var(--line);border-radius:8px;font:inherit;margin-bottom:8px}
#composer{display:flex;gap:8px;align-items:flex-end;padding:10px 12px;border-top:1px solid var(--line);background:#fff}
.tools{display:flex;gap:4px}
.tools button{width:38px;height:38px;border-radius:10px;border:1px solid var(--line);background:#fff;color:#57606a;cursor:pointer;display:grid;place-items:center}
.tools button[aria-expanded=true]{background:var(--accent-soft);border-color:var(--accent)}
#message{flex:1;resize:none;min-height:40px;max-height:140px;padding:9px 12px;border:1px solid #cfd5db;border-radius:20px;font:inherit}
#message:focus{outline:2px solid var(--accent);outline-offset:-1px;border-color:transparent}
#send{height:40px;padding:0 18px;border:0;border-radius:20px;background:var(--accent);color:#fff;font:600 15px system-ui,sans-serif;cursor:pointer}
#send:disabled{opacity:.5;cursor:default}
.error{color:#b42318;font-size:13px;padding:0 14px 8px;background:#fff}
@media (max-width:600px){.bar{padding:8px 10px}.pickers{width:100%}.pickers label{flex:1 1 30%}.pickers select{max-width:none;width:100%}
#composer{flex-wrap:wrap}.tools{width:100%}#send{padding:0 14px}.status{display:none}}`;

const body = () => `
<header class="bar">
  <div class="brand">Shopper console <small>Balas marketplace sandbox</small></div>
  <div class="pickers">
    <label for="platform">Platform<select id="platform" name="platform" data-testid="platform"></select></label>
    <label for="shop">Shop<select id="shop" name="shop" data-testid="shop"></select></label>
    <label for="buyer">Buyer<select id="buyer" name="buyer" data-testid="buyer"></select></label>
  </div>
</header>
<main class="chat">
  <div class="chat-head">
    <div class="logo" id="shop-logo" aria-hidden="true">S</div>
    <div><strong id="shop-name" data-testid="shop-name"></strong><small id="buyer-line"></small></div>
    <span class="status" id="status" data-testid="shop-status"></span>
  </div>
  <div id="messages" role="log" aria-live="polite" aria-label="Conversation" data-testid="messages"></div>
  <div id="tray" data-testid="tray" hidden></div>
  <div class="error" id="error" role="alert" data-testid="error" hidden></div>
  <form id="composer" autocomplete="off">
    <div class="tools">
      <button type="button" data-tool="stickers" aria-label="Stickers" aria-expanded="false" data-testid="open-stickers">${icon('stickers')}</button>
      <button type="button" data-tool="photos" aria-label="Image" aria-expanded="false" data-testid="open-images">${icon('photos')}</button>
      <button type="button" data-tool="products" aria-label="Product" aria-expanded="false" data-testid="open-products">${icon('products')}</button>
      <button type="button" data-tool="orders" aria-label="Order" aria-expanded="false" data-testid="open-orders">${icon('orders')}</button>
    </div>
    <textarea id="message" name="message" rows="1" aria-label="Message" placeholder="Write to the shop…" data-testid="message"></textarea>
    <button type="submit" id="send" data-testid="send">Send</button>
  </form>
</main>`;

const iconPaths: Record<string, string> = {
  stickers:
    '<circle cx="12" cy="12" r="9"/><path d="M8.5 14.5a4.5 4.5 0 0 0 7 0"/><path d="M9 9.5h.01M15 9.5h.01"/>',
  photos:
    '<rect x="3" y="5" width="18" height="14" rx="2"/><circle cx="9" cy="10" r="1.6"/><path d="m21 16-5-5-8 8"/>',
  products: '<path d="M5 8h14l-1 12H6L5 8Z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  orders: '<path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z"/><path d="M9 8h6M9 12h6M9 16h3"/>',
};

const icon = (name: string) =>
  `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${iconPaths[name]}</svg>`;

/** The shopper console page; `base` is the sandbox's path prefix as the browser reached it. */
export function shopperPage(base: string): string {
  return htmlPage({
    title: 'Shopper console · Balas sandbox',
    style,
    body: body(),
    script: shopperScript(base),
  });
}
