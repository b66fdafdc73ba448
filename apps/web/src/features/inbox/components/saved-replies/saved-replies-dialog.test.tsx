import type { SavedReply } from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils.tsx';
import { draftErrors, SavedRepliesDialog } from './saved-replies-dialog.tsx';

const stock: SavedReply = {
  id: 'r1',
  shortcut: 'stock',
  text: 'In stock!',
  createdAt: '2026-11-24T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

function renderDialog(answer: (url: string, init?: RequestInit) => Response, initialText?: string) {
  localStorage.setItem('token', 't');
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  renderAt('/', [
    { path: '/', element: <SavedRepliesDialog open onClose={onClose} initialText={initialText} /> },
  ]);
  return { fetch, onClose, dialog: screen.getByRole('dialog', { name: 'Saved replies' }) };
}

describe('saved replies dialog', () => {
  it('checks a draft with the contract’s rules', () => {
    expect(draftErrors({ shortcut: 'Stock!', text: 'x' }).shortcut).toBe(
      'A shortcut uses 1 to 32 lowercase letters, digits, - or _',
    );
    expect(draftErrors({ shortcut: 'ok', text: '  ' }).text).toBe('Please enter a message');
    expect(draftErrors({ shortcut: 'ok', text: 'fine' })).toEqual({});
  });

  it('lists the replies and creates one', async () => {
    let list = [stock];
    const { fetch, dialog } = renderDialog((_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        const made = { id: 'r2', createdAt: '2026-11-24T00:00:00Z', ...body };
        list = [...list, made];
        return Response.json({ data: made }, { status: 201 });
      }
      return Response.json({ data: list });
    });
    await within(dialog).findByText('/stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New saved reply' }));
    await userEvent.type(within(dialog).getByLabelText('Shortcut'), 'thanks');
    await userEvent.type(within(dialog).getByLabelText('Reply text'), 'Thank you!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('/thanks');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/saved-replies');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ shortcut: 'thanks', text: 'Thank you!' });
  });

  it('puts a taken shortcut’s message on the shortcut field and keeps the draft', async () => {
    const { dialog } = renderDialog((_url, init) =>
      init?.method === 'POST'
        ? Response.json(
            { error: { code: 'conflict', message: 'You already have a saved reply with this shortcut' } },
            { status: 409 },
          )
        : Response.json({ data: [stock] }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'New saved reply' }));
    await userEvent.type(within(dialog).getByLabelText('Shortcut'), 'stock');
    await userEvent.type(within(dialog).getByLabelText('Reply text'), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('You already have a saved reply with this shortcut');
    expect((within(dialog).getByLabelText('Reply text') as HTMLTextAreaElement).value).toBe('Again');
  });

  it('refuses a bad shortcut before calling the server', async () => {
    const { fetch, dialog } = renderDialog(() => Response.json({ data: [] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New saved reply' }));
    await userEvent.type(within(dialog).getByLabelText('Shortcut'), 'two words');
    await userEvent.type(within(dialog).getByLabelText('Reply text'), 'Hi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('A shortcut uses 1 to 32 lowercase letters, digits, - or _');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('saves a sent message as a reply: the form opens with its text', async () => {
    const { fetch, dialog, onClose } = renderDialog(
      (_url, init) =>
        init?.method === 'POST'
          ? Response.json({ data: { ...stock, id: 'r9' } })
          : Response.json({ data: [] }),
      'We ship every day at 3 pm.',
    );
    expect((within(dialog).getByLabelText('Reply text') as HTMLTextAreaElement).value).toBe(
      'We ship every day at 3 pm.',
    );
    await userEvent.type(within(dialog).getByLabelText('Shortcut'), 'ship');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('deletes after asking', async () => {
    const { fetch, dialog } = renderDialog((_url, init) =>
      init?.method === 'DELETE'
        ? Response.json({ data: { message: 'ok' } })
        : Response.json({ data: [stock] }),
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete /stock' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => url === '/api/saved-replies/r1' && init?.method === 'DELETE'),
      ).toBe(true),
    );
  });
});
