import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../test-utils.tsx';
import { Sidebar } from './sidebar.tsx';

const renderSidebar = (props: { open: boolean; desktop: boolean }) => {
  answerApi({ 'GET /shops': () => [] });
  const onClose = vi.fn();
  const view = renderAt('/inbox', [{ path: '/inbox', element: <Sidebar {...props} onClose={onClose} /> }]);
  return { ...view, onClose };
};

describe('the sidebar', () => {
  it("is a panel beside the page on a desktop, out of the keyboard's way while closed", async () => {
    const { container } = renderSidebar({ open: true, desktop: true });
    expect((await screen.findByRole('link', { name: 'Inbox' })).getAttribute('aria-current')).toBe('page');
    expect(container.querySelector('#dashboard-sidebar')?.hasAttribute('inert')).toBe(false);
    const closed = renderSidebar({ open: false, desktop: true });
    expect(closed.container.querySelector('#dashboard-sidebar')?.hasAttribute('inert')).toBe(true);
  });

  it('is a modal drawer on a phone, drawn while open, closed by its button, Escape or a tap beside it', async () => {
    const { container, onClose } = renderSidebar({ open: true, desktop: false });
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Escape: the browser closes the dialog and says so.
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(2);
    // A tap on the backdrop lands on the dialog itself, one inside it does not.
    fireEvent.click(screen.getByRole('navigation'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
    // Picking a page closes it.
    await userEvent.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(onClose).toHaveBeenCalledTimes(4);

    const closed = renderSidebar({ open: false, desktop: false });
    expect(closed.container.querySelector('dialog')?.open).toBe(false);
    expect(closed.container.querySelector('nav')).toBeNull();
  });
});
