import { escapeHtml, htmlPage } from './html.ts';

export interface AuthorizePageInput {
  platform: 'Shopee' | 'Lazada';
  /** Brand colour of the platform. */
  accent: string;
  heading: string;
  intro: string;
  permissions: string[];
  /** Where the form posts. */
  action: string;
  shops: { id: string; name: string; detail: string }[];
  hidden: Record<string, string>;
  approveLabel: string;
  /** Shown instead of the shop list when there is nothing to choose. */
  empty?: string;
}

const style = (accent: string) => `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1f2328;min-height:100vh;display:grid;place-items:center;padding:16px}
main{background:#fff;max-width:460px;width:100%;border-radius:16px;box-shadow:0 12px 40px rgba(15,20,40,.12);overflow:hidden}
header{background:${accent};color:#fff;padding:20px 24px}header .brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px}
header .brand span{border:1px solid rgba(255,255,255,.7);border-radius:6px;padding:2px 8px;font-size:12px;font-weight:600;letter-spacing:.04em}
header p{margin:8px 0 0;font-size:14px}form{padding:20px 24px 24px}
h2{font-size:14px;margin:0 0 8px;color:#57606a;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
ul.perm{margin:0 0 18px;padding-left:20px;color:#444;font-size:14px}
.shop{display:flex;gap:12px;align-items:center;border:1.5px solid #d8dee4;border-radius:12px;padding:12px 14px;margin-bottom:10px;cursor:pointer}
.shop:has(input:checked){border-color:${accent};background:color-mix(in srgb,${accent} 6%,#fff)}
.shop input{accent-color:${accent};width:18px;height:18px}.shop span{display:flex;flex-direction:column}.shop small{color:#57606a}
.actions{display:flex;gap:10px;margin-top:18px}
button{flex:1;padding:12px;border-radius:10px;border:0;font:600 15px system-ui,sans-serif;cursor:pointer}
.approve{background:${accent};color:#fff}.cancel{background:#eef1f4;color:#24292f}.empty{color:#57606a}
footer{padding:0 24px 18px;color:#6a737d;font-size:12px}`;

/** The platform's seller authorization page: log in as a demo seller, pick a shop, approve or cancel. */
export function authorizePage(input: AuthorizePageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const shops = input.shops
    .map(
      (s, i) =>
        `<label class="shop"><input type="radio" name="shop_id" value="${escapeHtml(s.id)}"${i === 0 ? ' checked' : ''}>` +
        `<span><strong>${escapeHtml(s.name)}</strong><small>${escapeHtml(s.detail)}</small></span></label>`,
    )
    .join('');
  const body = `<main>
<header><div class="brand">${escapeHtml(input.platform)} <span>SANDBOX</span></div><p>${escapeHtml(input.intro)}</p></header>
<form method="post" action="${escapeHtml(input.action)}">${hidden}
<h2>${escapeHtml(input.heading)}</h2>
<ul class="perm">${input.permissions.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>
<h2>Choose a shop</h2>
${shops || `<p class="empty">${escapeHtml(input.empty ?? 'No shop to choose.')}</p>`}
<div class="actions"><button type="submit" class="cancel" name="decision" value="cancel">Cancel</button>
<button type="submit" class="approve" name="decision" value="approve"${shops ? '' : ' disabled'}>${escapeHtml(input.approveLabel)}</button></div>
</form><footer>Demo sellers only. Nothing here reaches the real ${escapeHtml(input.platform)}.</footer></main>`;
  return htmlPage({
    title: `${input.platform} sandbox · ${input.heading}`,
    style: style(input.accent),
    body,
  });
}

/** A plain error page for browser-facing sandbox endpoints. */
export function errorPage(title: string, detail: string): string {
  return htmlPage({
    title,
    style:
      'body{font:15px/1.5 system-ui,sans-serif;margin:40px auto;max-width:520px;padding:0 16px;color:#1f2328}',
    body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`,
  });
}
