/**
 * The shopper console's browser script (plain JS, no build step). It polls the conversation every
 * 1.5 s and builds every message with DOM calls and textContent, never from HTML strings.
 */
export function shopperScript(base: string): string {
  return `(function () {
'use strict';
var BASE = ${JSON.stringify(base).replace(/</g, '\\u003c')};
var POLL_MS = 1500;
var dir = null, shown = '', tool = null;
var $ = function (id) { return document.getElementById(id); };
var api = function (path) { return BASE + '/shopper/api/' + path; };

function el(tag, props, children) {
  var node = document.createElement(tag);
  Object.keys(props || {}).forEach(function (k) {
    var v = props[k];
    if (v === undefined || v === null) return;
    if (k === 'text') node.textContent = v;
    else if (k === 'className') node.className = v;
    else if (k === 'onclick') node.addEventListener('click', v);
    else node.setAttribute(k, v);
  });
  (children || []).forEach(function (c) { if (c) node.appendChild(c); });
  return node;
}

function platform() { return dir.platforms.find(function (p) { return p.id === $('platform').value; }); }
function shop() { return platform().shops.find(function (s) { return s.id === $('shop').value; }); }
function buyer() { return platform().buyers.find(function (b) { return b.id === $('buyer').value; }); }
function selection() { return { platform: $('platform').value, shop: $('shop').value, buyer: $('buyer').value }; }

function options(select, items, wanted) {
  select.replaceChildren.apply(select, items.map(function (i) { return el('option', { value: i.id, text: i.name }); }));
  if (wanted && items.some(function (i) { return i.id === wanted; })) select.value = wanted;
}

function fillShopsAndBuyers(wanted) {
  options($('shop'), platform().shops, wanted.shop);
  options($('buyer'), platform().buyers, wanted.buyer);
}

function showSelection() {
  var s = selection();
  document.body.dataset.platform = s.platform;
  $('shop-name').textContent = shop().name;
  $('shop-logo').textContent = platform().name.charAt(0);
  $('buyer-line').textContent = 'Chatting as ' + buyer().name;
  history.replaceState(null, '', '?' + new URLSearchParams(s).toString());
  closeTray();
  shown = '';
  refresh();
}

function showError(text) {
  $('error').textContent = text || '';
  $('error').hidden = !text;
}

function time(at) { return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }); }

function card(image, title, lines) {
  var text = el('div', {}, [el('b', { text: title })].concat(lines.map(function (l) {
    return el('span', { className: l[1] || '', text: l[0] });
  })));
  return el('div', { className: 'card' }, [image ? el('img', { src: image, alt: '' }) : null, text]);
}

function content(m) {
  var c = m.card || {};
  switch (m.type) {
    case 'text': return el('div', { className: 'bubble', text: m.content.text });
    case 'sticker': return el('div', { className: 'bubble bare' }, [el('img', { className: 'sticker', src: c.url, alt: 'Sticker ' + (c.emoji || '') })]);
    case 'image': return el('div', { className: 'bubble bare' }, [el('a', { href: c.url, target: '_blank', rel: 'noopener' }, [el('img', { className: 'photo', src: c.url, alt: 'Image' })])]);
    case 'item': return el('div', { className: 'bubble bare' }, [card(c.image, c.name || 'Product', [[c.price || '', 'price']])]);
    case 'order': return el('div', { className: 'bubble bare' }, [card(null, 'Order ' + m.content.order_sn, [[(c.status || '') + (c.total ? ' · ' + c.total : '')]])]);
    case 'voucher': return el('div', { className: 'bubble bare' }, [card(null, 'Voucher ' + (c.code || ''), [[c.name || '']])]);
    case 'follow': return el('div', { className: 'bubble', text: 'Invited you to follow the store' });
    default: return el('div', { className: 'bubble', text: '[' + m.type + ']' });
  }
}

function render(messages) {
  var box = $('messages');
  var atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  if (messages.length === 0) {
    box.replaceChildren(el('p', { className: 'empty', text: 'No messages yet. Say hello to ' + shop().name + '!' }));
    return;
  }
  box.replaceChildren.apply(box, messages.map(function (m) {
    var mine = m.from === 'buyer';
    var who = mine ? 'You' : 'Shop' + (m.source === 'openapi' ? ' · via API' : '');
    return el('div', { className: 'msg' + (mine ? ' me' : ''), 'data-testid': 'chat-message', 'data-from': m.from, 'data-type': m.type }, [
      content(m),
      el('span', { className: 'meta', text: who + ' · ' + time(m.at) }),
    ]);
  }));
  if (atBottom || !shown) box.scrollTop = box.scrollHeight;
}

async function refresh() {
  if (!dir) return;
  var s = selection();
  try {
    var res = await fetch(api('conversation?') + new URLSearchParams(s).toString(), { cache: 'no-store' });
    if (!res.ok) return;
    var data = await res.json();
    var now = selection();
    if (now.platform !== s.platform || now.shop !== s.shop || now.buyer !== s.buyer) return;
    var status = $('status');
    status.textContent = data.authorized ? 'Connected to Balas' : 'Not connected: no pushes';
    status.className = 'status' + (data.authorized ? ' on' : '');
    var key = JSON.stringify(s) + data.messages.map(function (m) { return m.id; }).join(',');
    if (key === shown) return;
    render(data.messages);
    shown = key;
  } catch (e) { /* the next poll retries */ }
}

async function send(type, body) {
  showError('');
  var s = selection();
  var res = await fetch(api('send'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: s.platform, shop: s.shop, buyer: s.buyer, type: type, content: body }),
  });
  if (!res.ok) {
    var err = await res.json().catch(function () { return {}; });
    showError(err.error || 'Could not send the message.');
    return false;
  }
  closeTray();
  await refresh();
  $('messages').scrollTop = $('messages').scrollHeight;
  return true;
}

function closeTray() {
  tool = null;
  $('tray').hidden = true;
  $('tray').replaceChildren();
  document.querySelectorAll('[data-tool]').forEach(function (b) { b.setAttribute('aria-expanded', 'false'); });
}

function trayContent(name) {
  var s = selection();
  if (name === 'stickers') {
    return [el('h3', { text: 'Stickers' }), el('div', { className: 'grid' }, dir.stickers.map(function (st) {
      return el('button', { type: 'button', 'aria-label': 'Sticker: ' + st.label, 'data-testid': 'sticker-' + st.id, onclick: function () { send('sticker', { sticker_id: st.id }); } },
        [el('img', { src: st.url, alt: '' })]);
    }))];
  }
  if (name === 'photos') {
    return [el('h3', { text: 'Images' }), el('div', { className: 'grid' }, dir.photos.map(function (p) {
      return el('button', { type: 'button', 'aria-label': 'Image: ' + p.caption, 'data-testid': 'image-' + p.id, onclick: function () { send('image', { photo_id: p.id }); } },
        [el('img', { src: p.url, alt: '' }), el('span', { text: p.caption })]);
    }))];
  }
  if (name === 'products') {
    var list = el('div', { className: 'list' });
    var search = el('input', { type: 'search', className: 'search', placeholder: 'Search products', 'aria-label': 'Search products', 'data-testid': 'product-search' });
    var fill = function () {
      var q = search.value.trim().toLowerCase();
      list.replaceChildren.apply(list, shop().products.filter(function (p) { return p.name.toLowerCase().indexOf(q) >= 0; }).map(function (p) {
        return el('button', { type: 'button', className: 'card', 'aria-label': 'Product card: ' + p.name, 'data-testid': 'product-' + p.id, onclick: function () { send('item', { item_id: p.id }); } },
          [el('img', { src: p.image, alt: '' }), el('div', {}, [el('b', { text: p.name }), el('span', { className: 'price', text: p.price + (p.stock ? '' : ' · sold out') })])]);
      }));
    };
    search.addEventListener('input', fill);
    fill();
    return [el('h3', { text: 'Product cards from ' + shop().name }), search, list];
  }
  var orders = platform().orders.filter(function (o) { return o.shopId === s.shop && o.buyerId === s.buyer; });
  return [el('h3', { text: 'Your orders with this shop' }), orders.length ? el('div', { className: 'list' }, orders.map(function (o) {
    return el('button', { type: 'button', className: 'card', 'aria-label': 'Order card: ' + o.sn, 'data-testid': 'order-' + o.sn, onclick: function () { send('order', { order_sn: o.sn }); } },
      [el('div', {}, [el('b', { text: 'Order ' + o.sn }), el('span', { text: o.status + ' · ' + o.total + ' · ' + o.items.join(', ') })])]);
  })) : el('p', { className: 'empty', text: 'No orders with this shop yet.' })];
}

function toggleTray(name) {
  if (tool === name) return closeTray();
  closeTray();
  tool = name;
  $('tray').replaceChildren.apply($('tray'), trayContent(name));
  $('tray').hidden = false;
  document.querySelector('[data-tool="' + name + '"]').setAttribute('aria-expanded', 'true');
}

function wire() {
  $('platform').addEventListener('change', function () { fillShopsAndBuyers({}); showSelection(); });
  $('shop').addEventListener('change', showSelection);
  $('buyer').addEventListener('change', showSelection);
  document.querySelectorAll('[data-tool]').forEach(function (b) {
    b.addEventListener('click', function () { toggleTray(b.dataset.tool); });
  });
  var input = $('message');
  var grow = function () { input.style.height = 'auto'; input.style.height = Math.min(input.scrollHeight, 140) + 'px'; };
  input.addEventListener('input', grow);
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); $('composer').requestSubmit(); }
  });
  $('composer').addEventListener('submit', async function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    $('send').disabled = true;
    try {
      if (await send('text', { text: text })) { input.value = ''; grow(); }
    } finally {
      $('send').disabled = false;
      input.focus();
    }
  });
}

(async function start() {
  var res = await fetch(api('directory'), { cache: 'no-store' });
  dir = await res.json();
  var wanted = Object.fromEntries(new URLSearchParams(location.search));
  options($('platform'), dir.platforms, wanted.platform);
  fillShopsAndBuyers(wanted);
  wire();
  showSelection();
  setInterval(function () { if (!document.hidden) refresh(); }, POLL_MS);
})();
})();`;
}
