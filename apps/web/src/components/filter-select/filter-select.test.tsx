import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test-utils.tsx';
import { FilterSelect } from './filter-select.tsx';

// The first one wanted loads MUI's Menu and theme (a chunk of their own): on a busy machine, seconds.
const loaded = { timeout: 15_000 };

const options = [
  { value: '', label: 'All channels' },
  { value: 'shopee', label: 'Shopee' },
  { value: 'lazada', label: 'Lazada' },
];

function renderFilter(value = '') {
  const onChange = vi.fn();
  renderAt('/', [
    {
      path: '/',
      element: <FilterSelect label="Channel" value={value} options={options} onChange={onChange} />,
    },
  ]);
  return onChange;
}

describe('a filter', () => {
  it('is a combobox named by its label, showing its value, closed until opened', () => {
    renderFilter('shopee');
    const field = screen.getByRole('combobox', { name: 'Channel' });
    expect(field.textContent).toBe('Shopee');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens its options on a click, the current one selected, and chooses one', async () => {
    const onChange = renderFilter();
    const field = screen.getByRole('combobox', { name: 'Channel' });
    await userEvent.click(field);
    const list = await screen.findByRole('listbox', { name: 'Channel' }, loaded);
    expect(screen.getByRole('option', { name: 'All channels' }).getAttribute('aria-selected')).toBe('true');
    expect(list.getAttribute('id')).toBe(field.getAttribute('aria-controls'));
    await userEvent.click(screen.getByRole('option', { name: 'Lazada' }));
    expect(onChange).toHaveBeenCalledWith('lazada');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from the keyboard and closes on Escape without a change', async () => {
    const onChange = renderFilter();
    screen.getByRole('combobox').focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox', {}, loaded);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });
});
