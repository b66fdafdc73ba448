import { glossary, type Shop } from '@balas/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { KnowledgePage } from './knowledge-page.tsx';

const shop: Shop = {
  id: 'shop-1',
  shopId: '947042923',
  providerName: 'shopee',
  type: 'Shopee',
  addInformation: {
    name: 'Kedai Comel',
    person_name: 'A',
    person_email: 'a@example.com',
    person_phone: '0123456789',
  },
  defaultBotStatus: false,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: false, handoverMessage: '' },
  createdAt: '2026-11-01T00:00:00.000Z',
};
const product = {
  productId: '2300100105',
  productInfo: { name: 'Bamboo Swaddle Blanket', image: null, images: [], price: '39.90', currency: 'MYR' },
};

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderAt(`/dashboard/knowledge?shopId=${shop.id}`, [
    { path: '/dashboard/knowledge', element: <KnowledgePage /> },
  ]);

describe('Manage Knowledge', () => {
  it('names the upload button and the empty file list in the merchant’s words', async () => {
    answerApi({
      'GET /shopee': () => [shop],
      [`GET /shopee/v1/lang_chain_push/loader?shopId=${shop.id}`]: () => [],
      [`GET /shopee/v1/${shop.id}/products?pageSize=100`]: () => [],
    });
    open();
    await screen.findByText('No files yet');
    screen.getByText(glossary.files.emptyHint);
    screen.getByRole('button', { name: 'Add files' });
    expect(screen.queryByText(/General Info|No Available Data/)).toBeNull();
  });

  it('says a file is too large, or too many are chosen, before anything is uploaded', async () => {
    const fetch = answerApi({
      'GET /shopee': () => [shop],
      [`GET /shopee/v1/lang_chain_push/loader?shopId=${shop.id}`]: () => [],
    });
    open();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Add files' }));
    const dialog = screen.getByRole('dialog');
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'catalogue.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Knowledge file'), big);
    within(dialog).getByRole('alert');
    expect(within(dialog).getByRole('alert').textContent).toBe('Too large: a file can be at most 3 MB');
    const upload = within(dialog).getByRole('button', { name: 'Upload File' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    const many = Array.from(
      { length: 11 },
      (_, i) => new File(['x'], `faq-${i}.txt`, { type: 'text/plain' }),
    );
    await user.upload(within(dialog).getByLabelText('Knowledge file'), many);
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at most 10 files at a time');
    expect(upload.disabled).toBe(true);
    await user.upload(within(dialog).getByLabelText('Knowledge file'), many.slice(0, 2));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(upload.disabled).toBe(false);
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
      false,
    );
  });

  it('asks for product information as “What shoppers ask” and “What the bot should tell them”, with counters', async () => {
    let added: unknown;
    answerApi({
      'GET /shopee': () => [shop],
      [`GET /shopee/v1/lang_chain_push/loader?shopId=${shop.id}`]: () => [],
      [`GET /shopee/v1/${shop.id}/products?pageSize=100`]: () => [],
      [`GET /shopee/v1/${shop.id}/search?search=swaddle&pageSize=100`]: () => [product],
      [`POST /shopee/v1/${shop.id}/info`]: (body) => {
        added = body;
        return { message: 'ok' };
      },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Products' }));
    await user.type(screen.getByLabelText('Search products'), 'swaddle');
    await user.click(
      await screen.findByRole('button', { name: /Bamboo Swaddle Blanket/ }, { timeout: 3000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const question = screen.getByLabelText('What shoppers ask');
    const answer = screen.getByLabelText('What the bot should tell them');
    screen.getByText('0/300');
    screen.getByText('0/2,000');
    await user.type(question, 'Safe for newborns?');
    await user.type(answer, 'Yes, OEKO-TEX certified.');
    screen.getByText('18/300');
    screen.getByText('24/2,000');
    expect(screen.queryByText(/Question by user|Product Additional Info/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The new information has been successfully added to your products');
    expect(added).toEqual({
      productId: ['2300100105'],
      additionalInfo: [{ title: 'Safe for newborns?', description: 'Yes, OEKO-TEX certified.' }],
    });
  });
});
