import InboxOutlined from '@mui/icons-material/InboxOutlined';
import PlainInboxOutlined from '@mui/icons-material/InboxOutlined?plain';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('a plain icon', () => {
  it("draws MUI's icon as a plain svg: the same path, hidden from screen readers", () => {
    const mui = render(<InboxOutlined />)
      .container.querySelector('path')
      ?.getAttribute('d');
    const { container } = render(<PlainInboxOutlined className="wide" style={{ fontSize: 18 }} />);
    const svg = container.querySelector('svg')!;
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(mui);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('data-testid')).toBe('InboxOutlinedIcon');
    expect(svg.classList).toContain('wide');
    expect(svg.classList.length).toBe(2);
    expect(svg.style.fontSize).toBe('18px');
  });
});
