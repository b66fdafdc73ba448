import { type HostMessage, isPanelMessage } from './protocol.ts';

/**
 * The website widget loader. Adds one fixed chat button inside a shadow root (no layout shift, no
 * styles leaking either way) and, once the page is idle, a hidden iframe with the chat panel from our origin.
 * Its only global is `window.BalasWidget`.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const shop = script?.dataset.shop;
  if (!script || !shop) return;
  const origin = new URL(script.src).origin;
  const w = window as unknown as { BalasWidget?: { open(): void; close(): void } };
  if (w.BalasWidget) return;

  const host = document.createElement('div');
  host.setAttribute('data-balas-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>
:host{all:initial}
button{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;
background:#1f7a55;color:#fff;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483646;display:grid;place-items:center}
button:focus-visible{outline:3px solid #1d6b47;outline-offset:3px}
.badge{position:absolute;top:-2px;right:-2px;min-width:18px;height:18px;border-radius:9px;background:#e5484d;color:#fff;
font:600 11px/18px system-ui,sans-serif;padding:0 4px;display:none}
iframe{position:fixed;right:20px;bottom:88px;width:370px;height:min(560px,calc(100vh - 110px));border:0;border-radius:16px;
box-shadow:0 10px 40px rgba(0,0,0,.25);z-index:2147483647;background:#fff;display:none}
@media (max-width:600px){iframe{right:0;bottom:0;width:100vw;height:100%;border-radius:0}}
</style><button type="button" aria-label="Open chat" aria-expanded="false">
<svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>
<span class="badge"></span></button>`;
  const button = root.querySelector('button')!;
  const badge = root.querySelector('.badge') as HTMLElement;
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let open = false;

  const toPanel = (message: HostMessage) => {
    if (ready) frame?.contentWindow?.postMessage(message, origin);
  };
  // Created hidden once the page is idle, so opening the chat only shows it (no long task on click).
  const createFrame = () => {
    if (frame) return frame;
    frame = document.createElement('iframe');
    frame.title = 'Chat with us';
    frame.src = `${origin}/widget/index.html?shop=${encodeURIComponent(shop)}&host=${encodeURIComponent(location.origin)}`;
    root.appendChild(frame);
    return frame;
  };

  const setOpen = (next: boolean) => {
    open = next;
    const panel = createFrame();
    panel.style.display = next ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(next));
    button.setAttribute('aria-label', next ? 'Close chat' : 'Open chat');
    toPanel({ type: next ? 'balas:open' : 'balas:hidden' });
    if (next) {
      badge.style.display = 'none';
      panel.focus();
    } else button.focus();
  };

  button.addEventListener('click', () => setOpen(!open));
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== frame?.contentWindow || !isPanelMessage(event.data))
      return;
    if (event.data.type === 'balas:ready') {
      ready = true;
      if (open) toPanel({ type: 'balas:open' });
    }
    if (event.data.type === 'balas:close') setOpen(false);
    if (event.data.type === 'balas:unread' && !open && event.data.count > 0) {
      badge.textContent = String(event.data.count);
      badge.style.display = 'block';
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) setOpen(false);
  });

  const preload = () => {
    const idle = (window as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => void })
      .requestIdleCallback;
    if (idle) idle(createFrame, { timeout: 3000 });
    else setTimeout(createFrame, 1000);
  };
  const mount = () => {
    document.body.appendChild(host);
    if (document.readyState === 'complete') preload();
    else window.addEventListener('load', preload, { once: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
  w.BalasWidget = { open: () => setOpen(true), close: () => setOpen(false) };
})();
