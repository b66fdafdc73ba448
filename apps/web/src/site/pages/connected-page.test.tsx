/** @jsxImportSource preact */
import { type ConnectMessage, connectChannel, messages } from '@balas/contracts';
import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test-utils.tsx';
import { ConnectedPage, connectOutcome } from './connected-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the authorization window’s last page', () => {
  it('reads the outcome from the address', () => {
    expect(connectOutcome('?shopId=s1')).toEqual({ type: 'connected', shopId: 's1' });
    expect(connectOutcome('?error=taken')).toEqual({ type: 'failed', reason: 'taken' });
    expect(connectOutcome('?error=<script>')).toEqual({ type: 'failed', reason: 'failed' });
  });

  it('tells the dashboard the shop is connected and closes itself', async () => {
    const heard: ConnectMessage[] = [];
    const listener = new BroadcastChannel(connectChannel);
    listener.onmessage = (event) => heard.push(event.data as ConnectMessage);
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    renderSite(<ConnectedPage search="?shopId=s1" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(messages.connect.done);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'connected', shopId: 's1' }]));
    vi.advanceTimersByTime(2000);
    expect(close).toHaveBeenCalled();
    listener.close();
  });

  it('says why when the shop was not connected, and stays open', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderSite(<ConnectedPage search="?error=refused" />);
    expect(screen.getByText(messages.connect.refused)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(close).not.toHaveBeenCalled();
  });
});
