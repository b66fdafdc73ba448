import { describe, expect, it } from 'vitest';
import {
  askForOrderReply,
  type OrderFacts,
  type OrderStatusWord,
  orderNotFoundReply,
  orderStatusReply,
  planOrderAnswer,
} from './order-reply.ts';
import type { HistoryTurn, Lang } from './types.ts';

const SN = '270112ABCD1234';
const shipped: OrderFacts = {
  orderSn: SN,
  status: 'shipped',
  platformStatus: 'SHIPPED',
  shipBy: '2027-01-14T02:00:00.000Z',
  expectedDelivery: null,
  tracking: {
    number: 'SPXMY012345678901',
    carrier: 'SPX Express',
    events: [
      { at: '2027-01-13T06:30:00.000Z', description: 'Parcel has arrived at the delivery hub.' },
      { at: '2027-01-12T06:30:00.000Z', description: 'Parcel has been picked up' },
    ],
  },
};
const waiting: OrderFacts = {
  ...shipped,
  status: 'to_ship',
  platformStatus: 'READY_TO_SHIP',
  tracking: { number: null, carrier: null, events: [] },
};

/** Every status in every language: the opening words a shopper reads, and whether the parcel follows. */
const expected: Record<Exclude<OrderStatusWord, 'unknown'>, Record<Lang, string>> = {
  unpaid: {
    en: `Your order ${SN} is waiting for payment.`,
    ms: `Pesanan anda ${SN} sedang menunggu pembayaran.`,
    zh: `您的订单${SN}正在等待付款。`,
  },
  to_ship: {
    en: `Your order ${SN} is being prepared for shipping.`,
    ms: `Pesanan anda ${SN} sedang disediakan untuk penghantaran.`,
    zh: `您的订单${SN}正在备货，等待发货。`,
  },
  shipped: {
    en: `Your order ${SN} is on its way with SPX Express.`,
    ms: `Pesanan anda ${SN} sedang dalam perjalanan melalui SPX Express.`,
    zh: `您的订单${SN}已发货，正在运送中（SPX Express）。`,
  },
  delivered: {
    en: `Your order ${SN} has been delivered.`,
    ms: `Pesanan anda ${SN} telah sampai.`,
    zh: `您的订单${SN}已送达。`,
  },
  completed: {
    en: `Your order ${SN} has been delivered and is completed.`,
    ms: `Pesanan anda ${SN} telah sampai dan selesai.`,
    zh: `您的订单${SN}已送达，订单已完成。`,
  },
  cancelling: {
    en: `Your request to cancel order ${SN} is being processed.`,
    ms: `Permintaan anda untuk membatalkan pesanan ${SN} sedang diproses.`,
    zh: `您的订单${SN}的取消申请正在处理中。`,
  },
  cancelled: {
    en: `Your order ${SN} has been cancelled.`,
    ms: `Pesanan anda ${SN} telah dibatalkan.`,
    zh: `您的订单${SN}已取消。`,
  },
  return_refund: {
    en: `Your return/refund request for order ${SN} is being processed.`,
    ms: `Permintaan pemulangan/bayaran balik untuk pesanan ${SN} sedang diproses.`,
    zh: `您的订单${SN}的退货/退款申请正在处理中。`,
  },
  returned: {
    en: `Your order ${SN} has been returned.`,
    ms: `Pesanan anda ${SN} telah dipulangkan.`,
    zh: `您的订单${SN}已退回。`,
  },
  delivery_failed: {
    en: `The delivery of your order ${SN} was not successful.`,
    ms: `Penghantaran pesanan anda ${SN} tidak berjaya.`,
    zh: `您的订单${SN}派送未成功。`,
  },
};
const withParcel = new Set(['shipped', 'delivered', 'completed', 'delivery_failed']);
const parcelWords: Record<Lang, RegExp> = {
  en: /Tracking number: SPXMY012345678901\. Latest update \(13 Jan, 14:30\): Parcel has arrived at the delivery hub\.$/,
  ms: /Nombor penjejakan: SPXMY012345678901\. Kemas kini terkini \(13 Jan, 14:30\): Parcel has arrived at the delivery hub\.$/,
  zh: /快递单号：SPXMY012345678901。最新物流（1月13日 14:30）：Parcel has arrived at the delivery hub。$/,
};

describe('orderStatusReply', () => {
  for (const [status, byLanguage] of Object.entries(expected) as [
    Exclude<OrderStatusWord, 'unknown'>,
    Record<Lang, string>,
  ][]) {
    for (const lang of ['en', 'ms', 'zh'] as const) {
      it(`says ${status} in ${lang}${withParcel.has(status) ? ' with the tracking number and latest step' : ''}`, () => {
        const order =
          status === 'to_ship' || status === 'unpaid' ? { ...waiting, status } : { ...shipped, status };
        const text = orderStatusReply(order, lang);
        expect(text.startsWith(byLanguage[lang])).toBe(true);
        if (withParcel.has(status)) expect(text).toMatch(parcelWords[lang]);
        else expect(text).not.toContain('SPXMY');
        // One language only: no words of the others' templates.
        if (lang !== 'en') expect(text).not.toMatch(/\b(?:Your|order is|Tracking number)\b/);
        if (lang !== 'zh') expect(text).not.toMatch(/[\u4e00-\u9fff]/);
      });
    }
  }

  it('says an unknown status as the platform writes it', () => {
    const order = { ...waiting, status: 'unknown' as const, platformStatus: 'INVOICE_PENDING' };
    expect(orderStatusReply(order, 'en')).toBe(`Status of your order ${SN}: INVOICE_PENDING.`);
    expect(orderStatusReply(order, 'ms')).toBe(`Status pesanan anda ${SN}: INVOICE_PENDING.`);
    expect(orderStatusReply(order, 'zh')).toBe(`您的订单${SN}状态：INVOICE_PENDING。`);
  });

  it('gives the ship-by date while waiting to ship, and the delivery estimate once shipped (shop time)', () => {
    expect(orderStatusReply(waiting, 'ms')).toBe(
      `Pesanan anda ${SN} sedang disediakan untuk penghantaran. Penjual akan menghantarnya sebelum 14 Jan.`,
    );
    expect(orderStatusReply(waiting, 'zh')).toBe(`您的订单${SN}正在备货，等待发货。卖家将于1月14日前发货。`);
    const estimated = {
      ...shipped,
      expectedDelivery: { from: '2027-01-15T04:00:00Z', to: '2027-01-17T04:00:00Z' },
    };
    expect(orderStatusReply(estimated, 'en')).toMatch(/Expected delivery: 15 Jan to 17 Jan\.$/);
    expect(orderStatusReply(estimated, 'ms')).toMatch(/Jangkaan sampai: 15 Jan hingga 17 Jan\.$/);
    expect(orderStatusReply(estimated, 'zh')).toMatch(/预计送达：1月15日至1月17日。$/);
    // Late evening UTC is the next day in Kuala Lumpur; another time zone gives another day.
    const late = { ...waiting, shipBy: '2027-01-14T20:00:00.000Z' };
    expect(orderStatusReply(late, 'en')).toMatch(/by 15 Jan\.$/);
    expect(orderStatusReply(late, 'en', { timeZone: 'UTC' })).toMatch(/by 14 Jan\.$/);
  });

  it('says there is no tracking number yet when asked for it before the courier has the parcel', () => {
    expect(orderStatusReply(waiting, 'en', { kind: 'tracking' })).toMatch(/It has no tracking number yet/);
    expect(orderStatusReply(waiting, 'ms', { kind: 'tracking' })).toMatch(/Nombor penjejakan belum ada/);
    expect(orderStatusReply(waiting, 'zh', { kind: 'tracking' })).toMatch(/目前还没有快递单号/);
    expect(orderStatusReply(waiting, 'en', { kind: 'status' })).not.toMatch(/tracking number/);
  });

  it('asks for the order, and says not found the same way whoever the order belongs to', () => {
    expect(askForOrderReply('en')).toMatch(/order number/);
    expect(askForOrderReply('ms')).toMatch(/nombor pesanan/);
    expect(askForOrderReply('zh')).toMatch(/订单号/);
    expect(orderNotFoundReply('ms', '9999')).toMatch(/^Saya tidak menjumpai pesanan 9999/);
    expect(orderNotFoundReply('zh', '9999')).toMatch(/找不到订单9999/);
  });
});

const card = (orderId = SN): HistoryTurn[] => [{ role: 'shopper', text: '', orderId }];

describe('planOrderAnswer', () => {
  it('looks up the order card shared in the chat for a question that names no order', () => {
    expect(planOrderAnswer('bila sampai?', { history: card() })).toEqual({
      action: 'lookup',
      question: { kind: 'ships_when', orderNumber: SN },
      language: 'ms',
    });
    expect(planOrderAnswer('tracking number?', { history: card() })).toMatchObject({
      action: 'lookup',
      question: { kind: 'tracking', orderNumber: SN },
      language: 'en',
    });
    // The card sent with the message itself.
    expect(planOrderAnswer('dah pos ke belum?', { orderCard: SN.toLowerCase() })).toMatchObject({
      action: 'lookup',
      question: { orderNumber: SN },
    });
  });

  it('prefers the number the message names, then the latest card', () => {
    const history = [...card('111111AAAA1111'), { role: 'bot' as const, text: 'ok' }, ...card()];
    expect(planOrderAnswer('where is it?', { history })).toMatchObject({
      question: { kind: 'where', orderNumber: SN },
    });
    expect(planOrderAnswer('where is my order 1234567890123?', { history })).toMatchObject({
      question: { orderNumber: '1234567890123' },
    });
    // A number named in an earlier question carries to a follow-up.
    const earlier: HistoryTurn[] = [
      { role: 'shopper', text: 'status order 1234567890123?' },
      { role: 'bot', text: 'Your order 1234567890123 is being prepared for shipping.' },
    ];
    expect(planOrderAnswer('bila nak hantar?', { history: earlier })).toMatchObject({
      action: 'lookup',
      question: { orderNumber: '1234567890123' },
    });
  });

  it("answers in the shopper's language, mixed-language questions included", () => {
    const cases: [string, Lang][] = [
      ['where is my parcel ah?', 'en'],
      ['parcel saya kat mana?', 'ms'],
      ['order saya dah ship ke belum?', 'ms'],
      ['parcel saya dah ship ke belum?', 'ms'],
      ['我的订单到哪里了？', 'zh'],
      ['my order 到哪了', 'zh'],
      ['订单什么时候发货', 'zh'],
    ];
    for (const [message, language] of cases)
      expect(planOrderAnswer(message, { history: card() }), message).toMatchObject({
        action: 'lookup',
        language,
      });
  });

  it('asks for the order when an own-order question names none and the chat has no card', () => {
    expect(planOrderAnswer('where is my order?', {})).toEqual({
      action: 'ask',
      question: { kind: 'where' },
      language: 'en',
    });
    expect(planOrderAnswer('我的订单到哪里了？', {})).toMatchObject({ action: 'ask', language: 'zh' });
    expect(planOrderAnswer('order saya dah ship ke belum?', {})).toMatchObject({
      action: 'ask',
      language: 'ms',
    });
  });

  it('looks up a card or a bare number sent after the bot asked for it, for the question asked', () => {
    const asked: HistoryTurn[] = [
      { role: 'shopper', text: 'order saya dah ship ke belum?' },
      { role: 'bot', text: askForOrderReply('ms') },
    ];
    expect(planOrderAnswer('', { history: asked, orderCard: SN })).toEqual({
      action: 'lookup',
      question: { kind: 'ships_when', orderNumber: SN },
      language: 'ms',
    });
    expect(planOrderAnswer(' #1234567890123 ', { history: asked })).toMatchObject({
      action: 'lookup',
      question: { kind: 'ships_when', orderNumber: '1234567890123' },
    });
    // Not asked for: a card alone or a number alone is no question.
    expect(planOrderAnswer('', { orderCard: SN })).toBeNull();
    expect(planOrderAnswer('0123456789', {})).toBeNull();
  });

  it('hands over cancelling, refunds and a new address, with the order', () => {
    expect(planOrderAnswer('nak cancel order ni', { history: card() })).toEqual({
      action: 'handover',
      question: { kind: 'cancel', orderNumber: SN },
      language: 'ms',
    });
    expect(planOrderAnswer('refund saya bila masuk?', { history: card() })).toMatchObject({
      action: 'handover',
      question: { kind: 'refund' },
    });
    expect(planOrderAnswer('tukar alamat boleh?', { history: card() })).toMatchObject({
      action: 'handover',
      question: { kind: 'change_address' },
    });
    expect(planOrderAnswer('I want to cancel my order', {})).toEqual({
      action: 'handover',
      question: { kind: 'cancel' },
      language: 'en',
    });
    expect(planOrderAnswer('我要取消订单 270112ABCD1234', {})).toMatchObject({
      action: 'handover',
      question: { kind: 'cancel', orderNumber: SN },
      language: 'zh',
    });
  });

  it("leaves the message's other questions to the engine, in the same reply", () => {
    expect(
      planOrderAnswer('where is my order 270112ABCD1234? do you have the stroller in grey?', {}),
    ).toEqual({
      action: 'lookup',
      question: { kind: 'where', orderNumber: SN },
      language: 'en',
      rest: 'do you have the stroller in grey?',
    });
    expect(planOrderAnswer('我的订单到哪里了？还有灰色的吗？', { history: card() })).toMatchObject({
      action: 'lookup',
      rest: '还有灰色的吗？',
    });
    // Two questions about the order: one answer, nothing left over.
    expect(planOrderAnswer('bila sampai? tracking number ada?', { history: card() })).not.toHaveProperty(
      'rest',
    );
  });

  it('leaves to the engine what is not about the own order: policies, how-tos, other topics, a person', () => {
    for (const message of [
      'what is your refund policy?',
      'how do I track my order?',
      'how long is shipping to sabah?',
      'ada warna lain?',
      'boleh bayar COD?',
      'i want to talk to a person about my order',
    ])
      expect(planOrderAnswer(message, { history: card() }), message).toBeNull();
    expect(planOrderAnswer('bila sampai?', {})).toBeNull();
  });
});
