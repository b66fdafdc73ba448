import { describe, expect, it } from 'vitest';
import { botAnswers, conversationStatus } from './conversation-chip.tsx';

describe('conversationStatus', () => {
  it("shows the shop's switch where the conversation has none of its own", () => {
    expect(conversationStatus({ isEnable: null, isAgent: false }, true).label).toBe('Bot on (shop)');
    expect(conversationStatus({ isEnable: null, isAgent: false }, false).label).toBe('Bot off (shop)');
    expect(botAnswers({ isEnable: null }, true)).toBe(true);
  });

  it("lets the conversation's own switch and a handover win", () => {
    expect(conversationStatus({ isEnable: false, isAgent: false }, true).label).toBe('Disabled');
    expect(botAnswers({ isEnable: false }, true)).toBe(false);
    expect(conversationStatus({ isEnable: true, isAgent: true }, true).label).toBe('Transferred to Agent');
  });
});
