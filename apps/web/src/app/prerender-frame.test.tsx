// @vitest-environment node
// As the build renders it: in Node, with no browser (app/prerender-frame.tsx).
import { inboxView, inboxWords } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { renderInboxFrame } from './prerender-frame.tsx';

describe("the Inbox's prerendered frame", () => {
  const html = renderInboxFrame();

  it('draws the top bar, the page header, every view tab, the search and the filters with their styles', () => {
    expect(html).toContain('<header');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${inboxWords.title}</h1>`));
    for (const view of inboxView.options) expect(html).toContain(inboxWords.views[view]);
    expect(html).toContain(`placeholder="${inboxWords.searchLabel}"`);
    expect(html).toContain('role="combobox"');
    // Emotion writes each component's rules beside it, so the frame paints styled before any script.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it('shows no view as the current one and the list as loading: neither is known before the first data', () => {
    expect(html).toContain('role="tab"');
    expect(html).not.toContain('aria-selected="true"');
    expect(html).toContain('MuiCircularProgress-root');
  });
});
