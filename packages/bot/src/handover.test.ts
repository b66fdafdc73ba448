import { describe, expect, it } from 'vitest';
import {
  angerScore,
  askedForHumanScore,
  asksRestock,
  classifyOrderQuestion,
  decideHandover,
  detectHandoverSignals,
  needsOrderLookup,
  outOfScope,
  reportsOrderProblem,
} from './handover.ts';

const asks = (text: string) => askedForHumanScore(text) >= 0.6;
const angry = (text: string) => angerScore(text) >= 0.6;

describe('asking for a person', () => {
  it.each([
    'can i talk to a real person pls, not a bot',
    'transfer me to a live agent',
    'I want a live agent',
    'can I talkk to someone?',
    'how to speak tosomebody',
    'assistance chatting with an assistgant',
    'contact agent',
    'pls ask someone to call me back at 012-4471 902',
  ])('English: %s', (text) => expect(asks(text)).toBe(true));

  it.each([
    'nak cakap dgn admin betul2, bukan bot pls',
    'boleh sambung ke customer service manusia tak',
    'saya nak bercakap dengan staf',
    'boleh call sy?',
  ])('Malay: %s', (text) => expect(asks(text)).toBe(true));

  it.each([
    '我要跟真人客服讲话，不要机器人',
    '可以帮我转接人工客服吗',
    '叫你们老板出来讲',
    '有staff吗',
    '有没有真人？',
  ])('Chinese and mixed: %s', (text) => expect(asks(text)).toBe(true));

  it.each([
    'can I talk about sizes',
    'I want assistance contacting customer support',
    'what is your customer service phone number?',
    'want help to see at what time i can call custome assistance',
    'nak tanya pasal saiz baju',
    '客服电话是多少？',
    'is this safe for my baby',
  ])('not a request for a person: %s', (text) => expect(asks(text)).toBe(false));
});

describe('anger', () => {
  it.each([
    'this is ridiculous!!! 3 weeks already and still no parcel. u guys scammers ah? refund me NOW',
    'WORST SERVICE EVER. nobody replied me for 2 days. im going to complain to KPDN and leave 1 star',
    'sy dah tunggu 3 minggu barang tak sampai2!!! korang ni scam ke? bagi balik duit sy sekarang',
    'teruk betul servis korang, dah 5 kali chat takde org balas. sy nak report kat KPDN',
    '等了三个星期还没到货，你们是不是骗子？！马上退钱给我',
    '服务太差了，问了三次都没人回，我要去KPDN投诉你们！',
  ])('angry: %s', (text) => expect(angry(text)).toBe(true));

  it.each([
    'the experience with your brand was awful, lodge a complaint',
    'payment failed but my bank already deducted the money!! what now',
    'parcel status says delivered but i got nothing??',
    'Is the SIRIM label on the COD parcel?',
  ])('not angry enough to hand over: %s', (text) => expect(angry(text)).toBe(false));
});

describe('questions the bot cannot answer', () => {
  it.each([
    ['my baby got rashes after using the wipes, what medicine should i apply?', 'medical'],
    ['anak sy demam, boleh bagi ubat apa?', 'medical'],
    ['宝宝起红疹，要擦什么药？', 'medical'],
    ['can you check if order 2410093KBC has been shipped?', 'order_status'],
    ['boleh tolong check dah masuk ke belum?', 'account'],
    ['帮我查一下订单寄出了没有', 'order_status'],
    ['my account got suspended, why?', 'account'],
    ['我的账号被封了', 'account'],
    ['will the price drop during 11.11?', 'future_price'],
    ['harga stroller ni akan turun tak bulan depan?', 'future_price'],
    ['下个月会降价吗？', 'future_price'],
    ['other shop sells it RM50 cheaper, can u price match?', 'negotiation'],
    ['boss, sy nak nego harga', 'negotiation'],
    ['will shopee give free shipping vouchers tomorrow?', 'platform_decision'],
    ['明天Shopee会不会有免运费券？', 'platform_decision'],
  ])('%s', (text, reason) => expect(outOfScope(text)?.reason).toBe(reason));

  it.each([
    'is the teether safe for allergies?',
    'how do I check my order status?',
    'what vouchers do you have on Shopee?',
  ])('answerable: %s', (text) => expect(outOfScope(text)).toBeUndefined());
});

describe('order questions', () => {
  it.each([
    ['where is my order? paid yesterday', 'where', undefined],
    ['我的订单什么时候发货？订单号 2410221XYZ', 'ships_when', '2410221XYZ'],
    ['order sy no 2410150ABC dah pos ke belum?', 'ships_when', '2410150ABC'],
    ['bila order saya nak sampai? bayar semalam', 'ships_when', undefined],
    ['has my order been shipped yet?', 'ships_when', undefined],
    ['what is the status of my order #88812345? ordered 3 days ago', 'status', '88812345'],
    ['parcel dah 2 minggu tak sampai lagi!! order no 88123', 'status', '88123'],
    ['still not received, 10 days already. order number 40211', 'status', '40211'],
  ])("hands over a lookup of the shopper's own order: %s", (text, kind, orderNumber) => {
    const order = classifyOrderQuestion(text);
    expect(order).toEqual({ kind, ...(orderNumber ? { orderNumber } : {}) });
    expect(needsOrderLookup(text, order)).toBe(true);
  });

  it.each([
    ['can I cancel order 732201349959?', 'cancel'],
    ['how do I change the delivery address of my order', 'change_address'],
    ['i want a refund for my order', 'refund'],
    ['how do I track my order?', 'tracking'],
    ['tracking parcel sy tak gerak dah seminggu. camne ni?', 'tracking'],
  ])("classifies but answers from the shop's texts: %s", (text, kind) => {
    const order = classifyOrderQuestion(text);
    expect(order?.kind).toBe(kind);
    expect(needsOrderLookup(text, order)).toBe(false);
  });

  it('is no order question without an order', () => {
    expect(classifyOrderQuestion('how much is shipping to sabah?')).toBeUndefined();
    // A short number is an order number only right after "order no".
    expect(classifyOrderQuestion('my baby is 12345 grams, not received yet')?.orderNumber).toBeUndefined();
    expect(classifyOrderQuestion('when do you ship?')).toBeUndefined();
  });

  it('asks about a restock', () => {
    expect(asksRestock('stroller warna grey out of stock, bila restock?')).toBe(true);
    expect(asksRestock('when will the XL be back in stock')).toBe(true);
    expect(asksRestock('这个什么时候补货？')).toBe(true);
    expect(asksRestock('is the XL in stock?')).toBe(false);
  });
});

describe('decideHandover', () => {
  it('is a field with a reason, in priority order', () => {
    expect(decideHandover(detectHandoverSignals('speak with agent'), 0.9, 0.3)).toEqual({
      reason: 'asked_for_human',
    });
    expect(decideHandover(detectHandoverSignals('WORST SERVICE EVER!!! scammers'), 0.9, 0.3)?.reason).toBe(
      'angry',
    );
    expect(decideHandover(detectHandoverSignals('what medicine for a fever'), 0.9, 0.3)).toEqual({
      reason: 'medical',
    });
    expect(decideHandover(detectHandoverSignals('where is my order? paid yesterday'), 0.9, 0.3)).toEqual({
      reason: 'order_status',
      order: { kind: 'where' },
    });
    expect(decideHandover(detectHandoverSignals('shipping fee?'), 0.1, 0.3)).toEqual({
      reason: 'low_confidence',
      score: 0.1,
    });
    expect(decideHandover(detectHandoverSignals('shipping fee?'), 0.9, 0.3)).toBeNull();
  });
});

describe('a problem with the shopper’s own order or payment', () => {
  it('hands over a report of damage, a missing parcel or money taken, in each language', () => {
    for (const text of [
      'received my order yesterday but the bottle cracked and leaked everywhere',
      'i paid with fpx, money already deducted but the order still says unpaid',
      'brg sy smpai rosak, raket patah dlm kotak, nk claim mcm mna',
      'sy dah bayar tp status order masih unpaid',
      '付款的时候被扣了两次钱 怎么办',
      '我的退款还没收到 已经两个星期了 订单号CER10987',
    ]) {
      expect(reportsOrderProblem(text), text).toBe(true);
      expect(detectHandoverSignals(text).outOfScope?.reason, text).toBe('order_problem');
    }
  });

  it('leaves questions about the policy to the shop’s knowledge', () => {
    for (const text of [
      'if the item arrives damaged, within how long must i report',
      'kalau barang sampai rosak boleh tukar?',
      '收到的东西坏了 几天内要通知你们',
      'is the bottle glass? will it break?',
    ]) {
      expect(reportsOrderProblem(text), text).toBe(false);
    }
  });
});
