import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToggleGroup, type ToggleOption } from './toggle-group.tsx';

afterEach(cleanup);

const options: ToggleOption<number | 'custom'>[] = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

describe('a toggle group', () => {
  it('is a group named by its label, the chosen option pressed and no other', () => {
    render(<ToggleGroup label="Period" value={30} options={options} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Period' });
    expect(group).toBeTruthy();
    const pressed = screen.getAllByRole('button', { pressed: true });
    expect(pressed.map((b) => b.textContent)).toEqual(['30 days']);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(2);
  });

  it('presses none while no value is chosen', () => {
    render(<ToggleGroup label="Period" value={undefined} options={options} onChange={() => {}} />);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('tells a new choice, by click or by keyboard, and not the one already chosen', async () => {
    const onChange = vi.fn();
    render(<ToggleGroup label="Period" value={30} options={options} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(onChange).toHaveBeenLastCalledWith(7);
    screen.getByRole('button', { name: 'Custom' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('custom');
  });
});
