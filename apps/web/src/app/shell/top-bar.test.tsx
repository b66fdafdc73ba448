import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test-utils.tsx';
import { TopBar } from './top-bar.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderBar = (sidebarOpen = true) =>
  renderAt('/dashboard/shops', [
    { path: '/dashboard/shops', element: <TopBar sidebarOpen={sidebarOpen} onMenu={() => {}} /> },
  ]);
// The landing page is the public site's, outside this app: leaving is a full page load.
const leaving = () => vi.spyOn(window.location, 'replace').mockImplementation(() => {});

describe('logout (spec §2, §4)', () => {
  it('clears the token and the cache and goes to / even when the call fails', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('shopId', 'shop-1');
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const replace = leaving();
    const { client } = renderBar();
    client.setQueryData(['shops'], [{ id: 'shop-1' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(fetch).toHaveBeenCalledWith('/api/signout', expect.objectContaining({ method: 'GET' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('shopId')).toBeNull();
    expect(client.getQueryData(['shops'])).toBeUndefined();
  });

  it('also ends the session when the server answers an error', async () => {
    localStorage.setItem('token', 'abc');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    const replace = leaving();
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the menu button', () => {
  const withCounts = (needsYou: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json({
          data: url.includes('/inbox/counts')
            ? { needsYou, unread: 1, shops: [] }
            : { id: 'm1', name: 'Aisyah', email: 'a@example.com' },
        }),
      ),
    );

  it('carries the "needs you" count while the sidebar is closed (a phone\'s drawer)', async () => {
    localStorage.setItem('token', 'abc');
    withCounts(3);
    renderBar(false);
    await waitFor(() => expect(screen.getByTestId('menu-attention').textContent).toBe('3'));
    expect(screen.getByRole('button', { name: 'Menu, 3 need you' })).toBeTruthy();
  });

  it('shows none while the sidebar is open, or when nothing needs the merchant', async () => {
    localStorage.setItem('token', 'abc');
    for (const [sidebarOpen, needsYou] of [
      [true, 3],
      [false, 0],
    ] as const) {
      withCounts(needsYou);
      renderBar(sidebarOpen);
      await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/inbox/counts', expect.anything()));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('menu-attention')).toBeNull();
      cleanup();
    }
  });
});

describe('the account link', () => {
  it('opens the account page from the avatar', async () => {
    localStorage.setItem('token', 'abc');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json({
          data: url.includes('/inbox/counts')
            ? { needsYou: 0, unread: 0, shops: [] }
            : { id: 'm1', name: 'Aisyah', email: 'a@example.com', phone: '' },
        }),
      ),
    );
    renderAt('/dashboard/shops', [
      { path: '/dashboard/shops', element: <TopBar sidebarOpen onMenu={() => {}} /> },
      { path: '/dashboard/account', element: <h1>Account page</h1> },
    ]);
    await userEvent.click(await screen.findByRole('link', { name: 'Account' }));
    await screen.findByRole('heading', { name: 'Account page' });
  });
});
