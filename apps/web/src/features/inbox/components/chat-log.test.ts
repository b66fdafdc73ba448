import { describe, expect, it } from 'vitest';
import type { Bubble } from '../api/messages.ts';
import { chatBubbles, estimateBubbleHeight } from './chat-log.ts';

const bubble = (id: string, over: Partial<Bubble> = {}): Bubble => ({
  id,
  messageId: id,
  sender: 'customer',
  at: 0,
  content: { kind: 'text', text: `message ${id}` },
  unreadable: false,
  status: 'sent',
  error: null,
  ...over,
});
const ids = (list: Bubble[]) => list.map((b) => b.id);

describe('chat bubbles from the cached pages', () => {
  it('lists the oldest page first, each page oldest first', () => {
    const pages = [
      { bubbles: [bubble('5'), bubble('6')] }, // the newest page
      { bubbles: [bubble('3'), bubble('4')] },
      { bubbles: [bubble('1'), bubble('2')] }, // loaded last, with the up arrow
    ];
    expect(ids(chatBubbles(pages))).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('lists a bubble once when a live event and a fetched page both carry it', () => {
    const pages = [{ bubbles: [bubble('3'), bubble('4')] }, { bubbles: [bubble('2'), bubble('3')] }];
    expect(ids(chatBubbles(pages))).toEqual(['2', '3', '4']);
  });

  it('is empty before the first page', () => {
    expect(chatBubbles(undefined)).toEqual([]);
    expect(chatBubbles([{ bubbles: [] }])).toEqual([]);
  });
});

describe('bubble height estimate', () => {
  it('grows with the text, its line breaks, pictures and a failed send', () => {
    const short = estimateBubbleHeight(bubble('a', { content: { kind: 'text', text: 'ok' } }));
    const long = estimateBubbleHeight(bubble('b', { content: { kind: 'text', text: 'x'.repeat(200) } }));
    const lines = estimateBubbleHeight(bubble('c', { content: { kind: 'text', text: 'one\ntwo\nthree' } }));
    const image = estimateBubbleHeight(bubble('d', { content: { kind: 'image', url: '/a.svg' } }));
    const failed = estimateBubbleHeight(
      bubble('e', { content: { kind: 'text', text: 'ok' }, status: 'failed' }),
    );
    expect(long).toBeGreaterThan(short);
    expect(lines).toBeGreaterThan(short);
    expect(image).toBeGreaterThan(short);
    expect(failed).toBeGreaterThan(short);
  });

  it('sizes a link card by its words and copes with unreadable content', () => {
    const link = estimateBubbleHeight(bubble('a', { content: { kind: 'link', text: 'x'.repeat(200) } }));
    expect(link).toBeGreaterThan(
      estimateBubbleHeight(bubble('b', { content: { kind: 'text', text: 'hi' } })),
    );
    const unreadable = { kind: 'other', label: 'message', unreadable: true } as const;
    expect(estimateBubbleHeight(bubble('c', { content: unreadable, unreadable: true }))).toBeGreaterThan(0);
  });
});
