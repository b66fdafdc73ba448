import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Hint } from './hint.tsx';

// The first one wanted loads MUI's Tooltip and theme (a chunk of their own): on a busy machine, seconds.
const loaded = { timeout: 15_000 };

afterEach(cleanup);

describe('a hint', () => {
  it('draws its element alone, named by the hint, until it is wanted', () => {
    render(
      <Hint title="Shopper asked for a person">
        <span>Needs you</span>
      </Hint>,
    );
    expect(screen.getByLabelText('Shopper asked for a person').textContent).toBe('Needs you');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps a name the element has', () => {
    render(
      <Hint title="Reply windows of your shops">
        <button type="button" aria-label="Reply windows">
          ⏲
        </button>
      </Hint>,
    );
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Reply windows');
  });

  it('shows the hint under the pointer and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(
      <Hint title="Shopee expects a reply within 12 hours">
        <span>2 h left</span>
      </Hint>,
    );
    await user.hover(screen.getByText('2 h left'));
    expect((await screen.findByRole('tooltip', {}, loaded)).textContent).toBe(
      'Shopee expects a reply within 12 hours',
    );
    // The Tooltip's element replaced the one under the pointer: a browser tells it so on the next move.
    await user.hover(screen.getByText('2 h left'));
    await user.unhover(screen.getByText('2 h left'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens nothing on a tap: the mouse events a phone makes up after it are not a pointer', async () => {
    render(
      <Hint title="Shopper asked for a person">
        <span>Needs you</span>
      </Hint>,
    );
    fireEvent.touchStart(screen.getByText('Needs you'));
    fireEvent.touchEnd(screen.getByText('Needs you'));
    fireEvent.mouseOver(screen.getByText('Needs you'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows it to the keyboard and keeps the focus on the element', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <Hint title="Reply windows of your shops">
          <button type="button" aria-label="Reply windows">
            ⏲
          </button>
        </Hint>
      </>,
    );
    await user.tab();
    await user.tab();
    await screen.findByRole('tooltip', {}, loaded);
    const button = screen.getByRole('button', { name: 'Reply windows' });
    expect(document.activeElement).toBe(button);
    await act(async () => button.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
