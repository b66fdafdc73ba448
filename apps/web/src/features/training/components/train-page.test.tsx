import { glossary, messages, type Shop, type ShopCopyPreview, type Topic } from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { TopicPage } from './topic-page.tsx';
import { TrainPage } from './train-page.tsx';

const shop = (id: string, name: string, providerName: Shop['providerName'] = 'shopee'): Shop => ({
  id,
  shopId: id,
  providerName,
  type: 'Shopee',
  addInformation: { name, person_name: 'Aisyah', person_email: 'a@example.com', person_phone: '0123456789' },
  defaultBotStatus: false,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: false, handoverMessage: '' },
  createdAt: '2026-11-01T00:00:00.000Z',
});
const lazada = shop('shop-lz', 'Kedai Lazada', 'lazada');
const shopee = shop('shop-sp', 'Kedai Shopee');
const topic = (over: Partial<Topic> = {}): Topic => ({
  id: 'topic-1',
  name: 'Returns',
  type: 'Shopee',
  GPTInformation: [],
  GPTResponse: [],
  voucher: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
const preview = (over: Partial<ShopCopyPreview> = {}): ShopCopyPreview => ({
  from: { id: shopee.id, name: 'Kedai Shopee' },
  blocked: null,
  topics: { count: 3, questions: 7, answers: 5 },
  files: { count: 2, bytes: 1_500_000, passages: 31, notReady: 1, alreadyHere: 0 },
  productInfo: { entries: 4, products: 3, unmatched: 2 },
  ...over,
});

const routes = [
  { path: '/dashboard/shops/knowledge', element: <TrainPage /> },
  { path: '/dashboard/topic/:id', element: <TopicPage /> },
];

afterEach(() => vi.unstubAllGlobals());

describe('Train Chatbot', () => {
  it('opens a new topic as soon as it is created', async () => {
    const created = topic({ id: 'topic-new', name: 'Returns' });
    const fetch = answerApi({
      'GET /shopee': () => [lazada, shopee],
      [`GET /shopee/${lazada.id}/gpt`]: () => [],
      [`POST /shopee/${lazada.id}/gpt`]: () => created,
    });
    const { router } = renderAt(`/dashboard/shops/knowledge?shopId=${lazada.id}`, routes);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New topic' }))[0]!);
    const name = screen.getByLabelText('Topic name');
    expect(name.getAttribute('maxlength')).toBe('120');
    await user.type(name, 'Returns');
    screen.getByText('For example: Shipping, Returns, Sizes · 7/120');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/topic/topic-new'));
    await screen.findByRole('heading', { name: 'Returns' });
    screen.getByLabelText('Question 1');
    expect(fetch).toHaveBeenCalledWith(
      `/api/shopee/${lazada.id}/gpt`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('lists what a copy brings, with counts and what is left out, before copying', async () => {
    let posted: unknown;
    answerApi({
      'GET /shopee': () => [lazada, shopee],
      [`GET /shopee/${lazada.id}/gpt`]: () => [],
      [`GET /shopee/${lazada.id}/gpt/copy?fromShopId=${shopee.id}`]: () => preview(),
      [`POST /shopee/${lazada.id}/gpt/copy`]: (body) => {
        posted = body;
        return { topics: 3, files: 2, productInfo: 4 };
      },
    });
    renderAt(`/dashboard/shops/knowledge?shopId=${lazada.id}`, routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy from another shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy from another shop' });
    // Copy says which shop is missing rather than copying nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    within(dialog).getByText(messages.validation.shop);

    await user.click(within(dialog).getByRole('combobox', { name: 'Copy from' }));
    await user.click(screen.getByRole('option', { name: 'Kedai Shopee' }));
    const summary = await within(dialog).findByTestId('copy-summary');
    expect(summary.textContent).toContain(messages.topics.copyConfirm);
    const items = within(summary)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '3 topics (7 shopper questions, 5 answers)',
      '2 files (1.4 MB, 31 passages)',
      '4 product information entries for 3 products sold in both shops (matched by name)',
      '1 file still being read or that could not be read',
      '2 product information entries whose products Kedai Lazada does not sell',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await screen.findByText(
      'Copied 3 topics, 2 files and 4 product information entries. The files are ready to answer from in a moment.',
    );
    expect(posted).toEqual({ fromShopId: shopee.id });
    expect(screen.queryByRole('dialog', { name: 'Copy from another shop' })).toBeNull();
  });

  it('says why a copy cannot run, and does not offer one with nothing to copy', async () => {
    const website = shop('shop-web', 'Kedai Web', 'website');
    const fetch = answerApi({
      'GET /shopee': () => [lazada, shopee, website],
      [`GET /shopee/${lazada.id}/gpt`]: () => [],
      [`GET /shopee/${lazada.id}/gpt/copy?fromShopId=${shopee.id}`]: () =>
        preview({ blocked: messages.topics.copyBlocked }),
      [`GET /shopee/${lazada.id}/gpt/copy?fromShopId=${website.id}`]: () =>
        preview({
          from: { id: website.id, name: 'Kedai Web' },
          topics: { count: 0, questions: 0, answers: 0 },
          files: { count: 0, bytes: 0, passages: 0, notReady: 0, alreadyHere: 0 },
          productInfo: { entries: 0, products: 0, unmatched: 0 },
        }),
    });
    renderAt(`/dashboard/shops/knowledge?shopId=${lazada.id}`, routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy from another shop' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Copy from' }));
    await user.click(screen.getByRole('option', { name: 'Kedai Shopee' }));
    await within(dialog).findByText(messages.topics.copyBlocked);
    const copy = within(dialog).getByRole('button', { name: 'Copy' }) as HTMLButtonElement;
    expect(copy.disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Copy from' }));
    await user.click(screen.getByRole('option', { name: 'Kedai Web' }));
    await within(dialog).findByText(glossary.copy.nothing('Kedai Web'));
    expect(copy.disabled).toBe(true);
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
      false,
    );
  });
});

describe('topic page', () => {
  it('shows how many shopper questions a topic holds and, once full, why no more can be added', async () => {
    const four = ['Can I return it?', 'Refund?', 'Exchange size?', 'Return shipping?'];
    answerApi({
      'GET /shopee': () => [lazada],
      [`GET /shopee/${lazada.id}/gpt/topic-1`]: () =>
        topic({ GPTInformation: four.map((info, i) => ({ id: `q${i}`, info })) }),
      [`GET /shopee/${lazada.id}/gpt/vouchers`]: () => [],
    });
    renderAt(`/dashboard/topic/topic-1?shopId=${lazada.id}`, routes);
    const user = userEvent.setup();
    const limit = await screen.findByTestId('information-limit');
    expect(limit.textContent).toBe('4 of 5 shopper questions');
    const add = screen.getByRole('button', { name: 'Add a question' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    await user.click(add);
    expect(screen.getByLabelText('Question 5')).toBeTruthy();
    // Full: the button says why it is disabled, before anything is saved.
    expect(add.disabled).toBe(true);
    expect(limit.textContent).toBe(glossary.topics.full('information', 5));
    expect(add.getAttribute('aria-describedby')).toBe(limit.id);
    // The answers have their own limit.
    expect(screen.getByTestId('response-limit').textContent).toBe('1 of 10 answers');
  });
});
