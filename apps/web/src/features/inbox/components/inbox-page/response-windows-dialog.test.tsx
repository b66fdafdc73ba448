import type { Shop } from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils.tsx';
import { hoursError, ResponseWindowsDialog } from './response-windows-dialog.tsx';

const shop = (id: string, providerName: Shop['providerName'], name: string) =>
  ({ id, providerName, addInformation: { name } }) as Shop;

afterEach(() => vi.unstubAllGlobals());

describe('reply windows', () => {
  it('accepts empty (the platform’s rule) or 1 to 72 whole hours', () => {
    expect(hoursError('')).toBeNull();
    expect(hoursError('24')).toBeNull();
    expect(hoursError('0')).toBe('Please enter a number of hours between 1 and 72, or follow the platform');
    expect(hoursError('73')).not.toBeNull();
    expect(hoursError('1.5')).not.toBeNull();
  });

  it('shows each marketplace shop’s rule and saves its own hours; website shops have none', async () => {
    localStorage.setItem('token', 't');
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      return Response.json({
        data: {
          shopId: 's1',
          channel: 'shopee',
          hours: body ? body.hours : null,
          platformRule: 'Shopee counts a chat as answered when the shop replies within 12 hours.',
        },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/', [
      {
        path: '/',
        element: (
          <ResponseWindowsDialog
            open
            onClose={() => {}}
            shops={[shop('s1', 'shopee', 'Kedai Comel'), shop('w1', 'website', 'Kedai Web')]}
          />
        ),
      },
    ]);
    const section = await screen.findByRole('region', { name: 'Kedai Comel' });
    within(section).getByText('Shopee counts a chat as answered when the shop replies within 12 hours.');
    expect(screen.queryByRole('region', { name: 'Kedai Web' })).toBeNull();
    await userEvent.type(within(section).getByLabelText('Hours to reply'), '8');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/inbox/response-windows/s1',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ hours: 8 }) }),
      ),
    );
  });
});
