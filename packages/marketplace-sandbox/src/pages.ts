const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The platform's seller authorization page: pick a demo shop, approve or cancel. */
export function authorizationPage(input: {
  platform: 'Shopee' | 'Lazada';
  color: string;
  action: string;
  shops: { id: string; name: string }[];
  hidden: Record<string, string>;
}) {
  const hidden = Object.entries(input.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const shops = input.shops
    .map(
      (s, i) =>
        `<label class="shop"><input type="radio" name="shop_id" value="${escapeHtml(s.id)}" ${i === 0 ? 'checked' : ''}><span><strong>${escapeHtml(s.name)}</strong><small>Shop ID ${escapeHtml(s.id)}</small></span></label>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${input.platform} sandbox · Authorize Balas</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f5f5f5;color:#222;display:grid;place-items:center;min-height:100vh}
main{background:#fff;max-width:440px;width:calc(100% - 32px);border-radius:14px;box-shadow:0 10px 40px rgba(0,0,0,.1);overflow:hidden}
header{background:${input.color};color:#fff;padding:18px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;opacity:.9;font-size:13px}
form{padding:20px 24px}.shop{display:flex;gap:12px;align-items:center;border:1px solid #ddd;border-radius:10px;padding:12px;margin-bottom:10px;cursor:pointer}
.shop span{display:flex;flex-direction:column}.shop small{color:#777}.actions{display:flex;gap:10px;margin-top:16px}
button{flex:1;padding:12px;border-radius:8px;border:0;font:600 15px system-ui;cursor:pointer}.approve{background:${input.color};color:#fff}.cancel{background:#eee}
</style></head><body><main><header><h1>${input.platform} Open Platform (sandbox)</h1><p>Balas wants to read and reply to your shop's chats and read its products and vouchers.</p></header>
<form method="post" action="${escapeHtml(input.action)}">${hidden}<p>Log in as a demo seller and choose the shop to connect:</p>${shops}
<div class="actions"><button class="cancel" name="decision" value="cancel">Cancel</button><button class="approve" name="decision" value="approve">Approve</button></div></form></main></body></html>`;
}

/** A small generated product picture (no external images in the sandbox). */
export function productSvg(n: number) {
  const colors = ['#42b883', '#ee4d2d', '#0f146d', '#f5a623', '#8e44ad', '#2d9cdb'];
  const c = colors[n % colors.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" fill="${c}" opacity=".15"/><circle cx="120" cy="110" r="60" fill="${c}"/><rect x="70" y="175" width="100" height="14" rx="7" fill="${c}" opacity=".6"/></svg>`;
}
