import { type Shop, type WebsiteSource, websiteImportMessages } from '@balas/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { KnowledgePage } from './knowledge-page.tsx';

const shop: Shop = {
  id: 'shop-1',
  shopId: 'web-1',
  providerName: 'website',
  type: 'Website',
  addInformation: {
    name: 'Kedai Comel',
    person_name: 'A',
    person_email: 'a@example.com',
    person_phone: '0123',
  },
  defaultBotStatus: false,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: false, handoverMessage: '' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

const source: WebsiteSource = {
  id: 'src-1',
  url: 'https://kedai.example.com/sitemap.xml',
  kind: 'sitemap',
  schedule: 'weekly',
  status: 'done',
  error: null,
  lastImport: '2026-11-26T10:00:00.000Z',
  nextImport: '2026-12-03T10:00:00.000Z',
  summary: { added: 0, changed: 1, removed: 0, unchanged: 1, failed: 0, disallowed: 1 },
  pages: [
    {
      id: 'p-1',
      url: 'https://kedai.example.com/shipping',
      title: 'Shipping',
      status: 'ok',
      change: 'changed',
      error: null,
      fileId: 'f-1',
      chars: 80,
      fetched: '2026-11-26T10:00:00.000Z',
      changed: '2026-11-26T10:00:00.000Z',
      hasDiff: true,
    },
    {
      id: 'p-2',
      url: 'https://kedai.example.com/staff',
      title: '',
      status: 'disallowed',
      change: 'none',
      error: websiteImportMessages.refused.robots,
      fileId: null,
      chars: 0,
      fetched: '2026-11-26T10:00:00.000Z',
      changed: null,
      hasDiff: false,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  renderAt(`/dashboard/knowledge?shopId=${shop.id}`, [
    { path: '/dashboard/knowledge', element: <KnowledgePage /> },
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Website' }));
  return user;
};

describe('the Website tab', () => {
  it('shows each website with what changed, its pages, and a changed page’s diff', async () => {
    answerApi({
      'GET /shopee': () => [shop],
      [`GET /shopee/v1/lang_chain_push/loader?shopId=${shop.id}`]: () => [],
      [`GET /knowledge/websites?shopId=${shop.id}`]: () => [source],
      'GET /knowledge/websites/pages/p-1/diff': () => ({
        url: source.pages[0]!.url,
        added: 1,
        removed: 1,
        lines: [
          { op: 'skipped', text: '3' },
          { op: 'removed', text: 'Ships in 2 days.' },
          { op: 'added', text: 'Ships in 1 day.' },
        ],
      }),
    });
    const user = await open();
    expect((await screen.findByTestId('website-summary')).textContent).toBe(
      'Changes: 0 added · 1 changed · 0 removed · 1 unchanged · 1 skipped by robots.txt',
    );
    screen.getByText('Sitemap · 1 page in knowledge');
    await user.click(screen.getByRole('button', { name: 'Show pages (2)' }));
    screen.getByText('Skipped (robots.txt)');
    screen.getByText(websiteImportMessages.refused.robots);
    await user.click(screen.getByRole('button', { name: 'Show changes' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ships in 1 day.');
    within(dialog).getByText('… 3 unchanged lines');
    within(dialog).getByText('Since the import before: 1 line added, 1 removed.');
  });

  it('imports an address with its schedule, and shows the server’s reason when it is refused', async () => {
    const posted: unknown[] = [];
    answerApi({
      'GET /shopee': () => [shop],
      [`GET /shopee/v1/lang_chain_push/loader?shopId=${shop.id}`]: () => [],
      [`GET /knowledge/websites?shopId=${shop.id}`]: () => [],
      'POST /knowledge/websites': (body) => {
        posted.push(body);
        return Response.json(
          { error: { code: 'validation', message: websiteImportMessages.refused.scheme } },
          { status: 400 },
        );
      },
    });
    const user = await open();
    await screen.findByText('No website pages yet');
    await user.click(screen.getByRole('button', { name: 'Import from website' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    within(dialog).getByText(websiteImportMessages.refused.invalidUrl);
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText('Page or sitemap address'), 'ftp://kedai.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText(websiteImportMessages.refused.scheme);
    expect(posted).toEqual([{ shopId: shop.id, url: 'ftp://kedai.example.com', schedule: 'weekly' }]);
  });
});
