import { messages } from '@balas/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import type { Bubble } from '../api/messages.ts';
import { ChatMessages } from './chat-messages.tsx';

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

const bubble = (n: number, over: Partial<Bubble> = {}): Bubble => ({
  id: `b${n}`,
  messageId: `m${n}`,
  sender: n % 2 ? 'customer' : 'agent',
  at: Date.UTC(2026, 0, 1) + n * 60_000,
  content: { kind: 'text', text: `line ${n}` },
  unreadable: false,
  status: 'sent',
  error: null,
  ...over,
});

function renderLog(props: Partial<Parameters<typeof ChatMessages>[0]> = {}) {
  const handlers = { onLoadEarlier: vi.fn(), onRetry: vi.fn() };
  renderAt('/', [
    {
      path: '/',
      element: (
        <ChatMessages
          bubbles={[]}
          loading={false}
          showEarlier
          loadingEarlier={false}
          {...handlers}
          {...props}
        />
      ),
    },
  ]);
  return handlers;
}

describe('chat messages', () => {
  it('says so when the conversation has no history, without the up arrow', () => {
    renderLog();
    expect(screen.getByText(messages.chat.noChat)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('shows a spinner, not the empty text, while the first page loads', () => {
    renderLog({ loading: true });
    expect(screen.queryByText(messages.chat.noChat)).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('asks for earlier messages with the up arrow', async () => {
    const { onLoadEarlier } = renderLog({ bubbles: [bubble(1), bubble(2)] });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadEarlier).toHaveBeenCalledTimes(1);
  });

  it('disables the up arrow while earlier messages load', () => {
    renderLog({ bubbles: [bubble(1)], loadingEarlier: true });
    const arrow = screen.getByRole('button', { name: 'Load earlier messages' }) as HTMLButtonElement;
    expect(arrow.disabled).toBe(true);
  });

  it('has no up arrow in a Lazada chat, which comes whole', () => {
    renderLog({
      bubbles: [bubble(1, { content: { kind: 'text', text: 'hello' } })],
      showEarlier: false,
    });
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('marks a failed send with its reason and retries that message', async () => {
    const failed = bubble(2, {
      status: 'failed',
      error: 'Shop is disconnected',
      content: { kind: 'text', text: 'hi!' },
    });
    const { onRetry } = renderLog({ bubbles: [bubble(1), failed] });
    const row = screen.getByText('hi!').closest('[data-sender]') as HTMLElement;
    expect(within(row).getByText('Not sent: Shop is disconnected')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('b2');
  });

  it('puts only the bubbles around the viewport in the page, whatever the chat length', () => {
    const long = Array.from({ length: 600 }, (_, i) => bubble(i));
    renderLog({ bubbles: long });
    const log = screen.getByRole('log', { name: 'Messages' });
    const rendered = log.querySelectorAll('[data-sender]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
  });
});
