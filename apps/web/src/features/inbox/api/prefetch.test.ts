import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { answerApi } from '../../../test-utils.tsx';
import { defaultInboxView, inboxAddressOf, inboxKeys } from './inbox.ts';
import { prefetchInbox } from './prefetch.ts';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const counts = (needsYou: number) => () => ({ needsYou, unread: 0, shops: [] });

describe('the Inbox address', () => {
  it('names a view, a shop, a channel and a search; anything else is no choice', () => {
    expect(inboxAddressOf(new URLSearchParams('view=snoozed&shop=s1&channel=lazada&q=stroller'))).toEqual({
      view: 'snoozed',
      shopId: 's1',
      channel: 'lazada',
      q: 'stroller',
    });
    expect(inboxAddressOf(new URLSearchParams('view=everything&channel=tiktok'))).toEqual({
      view: null,
      shopId: '',
      channel: '',
      q: '',
    });
    expect([defaultInboxView(1), defaultInboxView(0)]).toEqual(['needs_you', 'all']);
  });
});

describe("the Inbox's first data", () => {
  it('sends an address without a view on to Needs you when something needs the merchant, keeping the rest', async () => {
    answerApi({ 'GET /inbox/counts': counts(3) });
    const answer = await prefetchInbox(new URL('http://localhost/inbox?shop=s1&c=c9'));
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('location')).toBe('/inbox?shop=s1&c=c9&view=needs_you');
    // Replaces the address in the history, as the page's own choice did.
    expect(answer?.headers.get('x-remix-replace')).toBe('true');
  });

  it('sends it on to All when nothing does', async () => {
    answerApi({ 'GET /inbox/counts': counts(0) });
    const answer = await prefetchInbox(new URL('http://localhost/inbox'));
    expect(answer?.headers.get('location')).toBe('/inbox?view=all');
  });

  it('leaves the choice to the page when the counts cannot be read', async () => {
    answerApi({});
    expect(await prefetchInbox(new URL('http://localhost/inbox'))).toBeNull();
  });

  it('puts the list the address names in the cache, for the page to draw at once', async () => {
    const fetch = answerApi({
      'GET /inbox/conversations?view=needs_you&channel=shopee': () =>
        Response.json({ data: [{ id: 'c1' }], nextCursor: null }),
    });
    expect(await prefetchInbox(new URL('http://localhost/inbox?view=needs_you&channel=shopee'))).toBeNull();
    expect(fetch).toHaveBeenCalledOnce();
    const key = inboxKeys.list({ view: 'needs_you', shopId: '', channel: 'shopee', q: '' });
    expect(queryClient.getQueryData(key)).toEqual({
      pages: [{ data: [{ id: 'c1' }], nextCursor: null }],
      pageParams: [null],
    });
  });
});
