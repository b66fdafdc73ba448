import { glossary, type ProductLookup, type Shop } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import type { SimulatorAnswer } from '../api/simulator.ts';
import { ShopSimulator } from './shop-simulator.tsx';

const shop = {
  id: 'shop-1',
  providerName: 'shopee',
  addInformation: { name: 'Kedai Comel' },
} as Shop;
const swaddle: ProductLookup = {
  result: 'found',
  productId: '2300100105',
  product: {
    productId: '2300100105',
    name: 'Bamboo Swaddle Blanket 120x120cm',
    image: null,
    images: [],
    price: '39.90',
    currency: 'MYR',
    stock: 12,
    variations: [],
  },
  problem: null,
};
const answer = (over: Partial<SimulatorAnswer>): SimulatorAnswer => ({
  result: 'Yes, it is OEKO-TEX certified.',
  confidence: 1,
  language: 'en',
  sources: [],
  handover: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

async function ask(reply: SimulatorAnswer) {
  answerApi({
    'POST /shopee/v1/lang_chain_push': () => reply,
    [`GET /shopee/v1/${shop.id}/products/2300100105`]: () => swaddle,
  });
  renderAt('/', [{ path: '/', element: <ShopSimulator shop={shop} /> }]);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Question'), 'Is the swaddle safe for newborns?');
  await user.click(screen.getByRole('button', { name: 'Ask' }));
  await screen.findByTestId('simulator-answer');
  return user;
}

describe('the simulator’s answer', () => {
  it('says how sure the bot is in words, never as a percentage, and what that means', async () => {
    const user = await ask(answer({ confidence: 1 }));
    const chip = screen.getByTestId('confidence');
    expect(chip.textContent).toBe('Confident');
    expect(document.body.textContent).not.toMatch(/\d+ ?%/);
    await user.hover(chip);
    expect((await screen.findByRole('tooltip', {}, { timeout: 15_000 })).textContent).toBe(
      glossary.confidence(1).hint,
    );
    expect(chip.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('says “Unsure” for a related but unclear answer', async () => {
    await ask(answer({ confidence: 0.42 }));
    expect(screen.getByTestId('confidence').textContent).toBe('Unsure');
  });

  it('names a product source by the product’s name, not its id', async () => {
    await ask(
      answer({
        sources: [
          { kind: 'product', id: '2300100105', name: '2300100105', excerpt: 'Soft bamboo', score: 1 },
          { kind: 'product', id: 'info-uuid', name: '2300100105', excerpt: 'OEKO-TEX', score: 0.9 },
          { kind: 'topic', id: 't1', name: 'Materials', excerpt: 'Bamboo', score: 0.5 },
        ],
      }),
    );
    await screen.findByText('Product: Bamboo Swaddle Blanket 120x120cm');
    screen.getByText('Product information: Bamboo Swaddle Blanket 120x120cm');
    screen.getByText('Topic: Materials');
    await waitFor(() => expect(screen.queryByText(/Product: 2300100105/)).toBeNull());
  });
});
