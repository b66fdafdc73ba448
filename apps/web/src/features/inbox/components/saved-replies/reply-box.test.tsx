import type { SavedReply } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils.tsx';
import { insertReply, ReplyBox, slashToken } from './reply-box.tsx';

const replies: SavedReply[] = [
  {
    id: 'r1',
    shortcut: 'stock',
    text: 'Yes, it is in stock and ships today.',
    createdAt: '2026-11-24T00:00:00Z',
  },
  {
    id: 'r2',
    shortcut: 'thanks',
    text: 'Thank you for shopping with us!',
    createdAt: '2026-11-24T00:00:00Z',
  },
  {
    id: 'r3',
    shortcut: 'ship',
    text: 'We ship to Sabah and Sarawak too.',
    createdAt: '2026-11-24T00:00:00Z',
  },
];

afterEach(() => vi.unstubAllGlobals());

function renderBox() {
  localStorage.setItem('token', 't');
  const fetch = vi.fn(async () => Response.json({ data: replies }));
  vi.stubGlobal('fetch', fetch);
  const onSend = vi.fn();
  const onManage = vi.fn();
  renderAt('/', [{ path: '/', element: <ReplyBox onSend={onSend} pending={false} onManage={onManage} /> }]);
  return { onSend, onManage, fetch, box: screen.getByRole('combobox', { name: 'Message' }) };
}

describe('slash token', () => {
  it('finds the /word before the caret at the start or after a space, not inside a word', () => {
    expect(slashToken('/sto', 4)).toEqual({ start: 0, query: 'sto' });
    expect(slashToken('hi /th', 6)).toEqual({ start: 3, query: 'th' });
    expect(slashToken('and/or', 6)).toBeNull();
    expect(slashToken('/stock now', 10)).toBeNull();
  });

  it('replaces the /word with the reply and puts the caret after it', () => {
    expect(insertReply('hi /th!', { start: 3, query: 'th' }, 'Thanks')).toEqual({
      text: 'hi Thanks!',
      caret: 9,
    });
  });
});

describe('reply box with saved replies', () => {
  it('opens the saved replies on "/", filters as you type, and inserts with the keyboard', async () => {
    const { box, onSend } = renderBox();
    await userEvent.type(box, '/s');
    const options = await screen.findAllByRole('option');
    // Shortcuts starting with the text first, then the others that contain it.
    const shortcut = (o: HTMLElement) => o.textContent?.split(/[A-Z]/)[0];
    expect(options.map(shortcut)).toEqual(['/ship', '/stock', '/thanks']);
    await userEvent.type(box, 't');
    await waitFor(() => expect(screen.getAllByRole('option').map(shortcut)).toEqual(['/stock']));
    await userEvent.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Yes, it is in stock and ships today.');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Yes, it is in stock and ships today.');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('moves through the list with the arrows and closes on Escape', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'Hello /');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('Hello /');
  });

  it('says so when nothing matches, and offers to manage the replies', async () => {
    const { box, onManage } = renderBox();
    await userEvent.type(box, '/zzz');
    await screen.findByText('No saved reply matches.');
    await userEvent.click(screen.getByRole('button', { name: 'Manage saved replies' }));
    expect(onManage).toHaveBeenCalled();
  });

  it('sends on Enter, keeps Shift+Enter for a new line, and never sends blank text', async () => {
    const { box, onSend } = renderBox();
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });
});
