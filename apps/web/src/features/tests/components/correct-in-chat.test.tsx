import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import type { Bubble } from '../../inbox/api/messages.ts';
import { ChatMessages } from '../../inbox/components/chat-messages.tsx';

// happy-dom lays nothing out: give the scroller a viewport and each row a height, as a browser would.
const sizes: [keyof HTMLElement, number][] = [
  ['clientHeight', 600],
  ['clientWidth', 800],
  ['offsetHeight', 60],
  ['offsetWidth', 800],
];
beforeEach(() => {
  for (const [name, value] of sizes)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterEach(() => {
  for (const [name] of sizes) Reflect.deleteProperty(HTMLElement.prototype, name);
});

// Built loosely: a text message reads the same in the platforms' and the canonical shapes.
const bubble = (n: number, sender: Bubble['sender'], text: string) =>
  ({
    id: `b${n}`,
    messageId: `m${n}`,
    sender,
    type: 'text',
    at: Date.UTC(2026, 0, 1) + n * 60_000,
    content: { kind: 'text', text },
    unreadable: false,
    status: 'sent',
    error: null,
  }) as unknown as Bubble;

describe('"Correct this" on the bot\'s replies in the Inbox chat', () => {
  it("offers it on the bot's replies only, with the shopper's question before the reply", async () => {
    const onCorrect = vi.fn();
    renderAt('/', [
      {
        path: '/',
        element: (
          <ChatMessages
            bubbles={[
              bubble(1, 'customer', 'do you gift wrap?'),
              bubble(2, 'customer', 'how much is it?'),
              bubble(3, 'bot', 'Gift wrapping costs RM8.'),
              bubble(4, 'agent', 'Let me check for you.'),
            ]}
            loading={false}
            showEarlier={false}
            loadingEarlier={false}
            onLoadEarlier={vi.fn()}
            onRetry={vi.fn()}
            onSaveAsReply={vi.fn()}
            onCorrect={onCorrect}
          />
        ),
      },
    ]);
    const buttons = await screen.findAllByRole('button', { name: 'Correct this' });
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(buttons[0]!);
    expect(onCorrect).toHaveBeenCalledWith('how much is it?', 'Gift wrapping costs RM8.');
  });
});
