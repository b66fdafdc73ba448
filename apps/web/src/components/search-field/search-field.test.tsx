import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchField } from './search-field.tsx';

function Field({ helperText }: { helperText?: string }) {
  const [value, setValue] = useState('');
  return (
    <SearchField label="Search" value={value} onChange={setValue} helperText={helperText} maxLength={5} />
  );
}

afterEach(cleanup);

describe('a search field', () => {
  it('is a search box named by its label, shown as its placeholder, and keeps what is typed up to its limit', async () => {
    render(<Field />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search');
    expect(box.getAttribute('aria-describedby')).toBeNull();
    await userEvent.type(box, 'sambal hijau');
    expect((box as HTMLInputElement).value).toBe('samba');
  });

  it('says what is wrong under it, as its description', () => {
    render(<Field helperText="Type at least 2 letters" />);
    const describedBy = screen.getByRole('searchbox').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Type at least 2 letters');
  });
});
