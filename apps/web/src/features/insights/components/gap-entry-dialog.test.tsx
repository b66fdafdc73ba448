import { glossary, type KnowledgeGap, type Topic } from '@balas/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { GapEntryDialog } from './gap-entry-dialog.tsx';

const gap: KnowledgeGap = {
  id: 'g1',
  shopId: 'shop-1',
  shopName: 'Kedai Comel',
  count: 3,
  languages: ['en'],
  newestAt: '2026-11-24T10:00:00.000Z',
  examples: [
    {
      id: 1,
      text: 'Do you ship to Sabah?',
      language: 'en',
      at: '2026-11-24T10:00:00.000Z',
      conversationId: 'c1',
    },
  ],
  questionIds: [1],
  shopAnswer: null,
};
const topic = (id: string, name: string, questions: number, answers: number): Topic => ({
  id,
  name,
  type: 'Shopee',
  GPTInformation: Array.from({ length: questions }, (_, i) => ({ id: `${id}q${i}`, info: `q${i}` })),
  GPTResponse: Array.from({ length: answers }, (_, i) => ({ id: `${id}a${i}`, info: `a${i}` })),
  voucher: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('teaching the bot a knowledge gap', () => {
  it('shows how full each topic is, and refuses a full one before Save, saying why', async () => {
    const fetch = answerApi({
      'GET /shopee/shop-1/gpt': () => [topic('t1', 'Shipping', 5, 2), topic('t2', 'Returns', 1, 10)],
    });
    renderAt('/', [
      { path: '/', element: <GapEntryDialog gap={gap} provider="shopee" onClose={() => {}} /> },
    ]);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('The bot answers'), 'Yes, RM14.90 to Sabah.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Topic' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Shipping · 5/5 questions, 2/10 answers',
      'Returns · 1/5 questions, 10/10 answers',
      'New topic…',
    ]);
    await user.click(screen.getByRole('option', { name: /^Shipping/ }));
    within(dialog).getByText(glossary.topics.gapQuestionsFull(5));
    const save = within(dialog).getByRole('button', { name: 'Save to knowledge' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // Without the question, the answer alone fits.
    await user.clear(within(dialog).getByLabelText('When shoppers ask'));
    expect(save.disabled).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'Topic' }));
    await user.click(screen.getByRole('option', { name: /^Returns/ }));
    within(dialog).getByText(glossary.topics.gapAnswersFull(10));
    expect(save.disabled).toBe(true);
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
      false,
    );
  });
});
