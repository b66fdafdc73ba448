import { describe, expect, it } from 'vitest';
import { botAnswers, conversationStatus } from './conversation-chip.tsx';

describe('conversationStatus', () => {
  it("shows the shop's switch where the conversation has none of its own, in words a merchant follows", () => {
    const on = conversationStatus({ isEnable: null, isAgent: false }, true);
    expect(on.label).toBe('Bot on');
    expect(on.hint).toBe(
      'This chat follows the shop’s chatbot switch; its own switch sets it for this chat only.',
    );
    expect(conversationStatus({ isEnable: null, isAgent: false }, false).label).toBe('Bot off');
    expect(botAnswers({ isEnable: null }, true)).toBe(true);
  });

  it("lets the conversation's own switch and a handover win", () => {
    expect(conversationStatus({ isEnable: false, isAgent: false }, true)).toMatchObject({
      label: 'Disabled',
      hint: 'Set for this chat only.',
    });
    expect(botAnswers({ isEnable: false }, true)).toBe(false);
    expect(conversationStatus({ isEnable: true, isAgent: true }, true)).toMatchObject({
      label: 'Transferred to Agent',
      hint: 'The chatbot stays quiet in this chat until you hand it back.',
    });
  });
});
