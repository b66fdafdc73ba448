// @vitest-environment node
// As the build renders it: in Node, with no browser (app/prerender-frame.tsx).
import { inboxView, inboxWords, insightsMessages } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { hoistFrameStyles } from '../../scripts/view-pages.mjs';
import { renderInboxFrame, renderInsightsFrame } from './prerender-frame.tsx';

describe("the Inbox's prerendered frame", () => {
  const html = renderInboxFrame();

  it('draws the top bar, the page header, every view tab, the search and the filters from static CSS', () => {
    expect(html).toContain('<header');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${inboxWords.title}</h1>`));
    for (const view of inboxView.options) expect(html).toContain(inboxWords.views[view]);
    expect(html).toContain(`placeholder="${inboxWords.searchLabel}"`);
    expect(html).toContain('role="combobox"');
    // Its styles are the build's CSS files: no component's rules are made at run time (MUI's
    // baseline, global, aside).
    expect(html).not.toMatch(/<style data-emotion="css [^"]+">/);
    expect(html).not.toContain('class="Mui');
  });

  it('shows no view as the current one and the list as loading: neither is known before the first data', () => {
    expect(html).toContain('role="tab"');
    expect(html).not.toContain('aria-selected="true"');
    expect(html).toMatch(/role="progressbar" aria-label="Loading conversations"/);
  });
});

describe("Insights' prerendered frame", () => {
  const html = renderInsightsFrame();

  it('draws the page header, the shop and period pickers and what a chat is (its largest paint), styled', () => {
    expect(html).toMatch(new RegExp(`<h1[^>]*>${insightsMessages.title}</h1>`));
    expect(html).toContain('aria-label="Period"');
    expect(html).toContain(insightsMessages.definitions.chat);
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it('shows no figure, no chosen period and no shop: the address and the data say them', () => {
    expect(html).not.toContain('data-testid="figure-value"');
    expect(html).toContain('MuiSkeleton-root');
    expect(html).not.toContain('aria-pressed="true"');
    expect(html).not.toMatch(/class="[^"]*Mui-selected/);
    expect(html).not.toContain('All shops');
  });
});

describe("a frame's styles in the view page's head", () => {
  const html = renderInsightsFrame();
  const { head, body } = hoistFrameStyles(html);
  const rulesOf = (text: string) =>
    [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const namesOf = (text: string) =>
    [...text.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap((m) => m[1]?.split(' ') ?? []).sort();

  it('leaves the markup without a style element and keeps every rule, in order, in the head', () => {
    expect(body).not.toContain('<style');
    expect(body).toBe(html.replace(/<style[\s\S]*?<\/style>/g, ''));
    const componentRules = [...html.matchAll(/<style data-emotion="css [^"]+">([\s\S]*?)<\/style>/g)]
      .map((m) => m[1])
      .join('');
    expect(componentRules.length).toBeGreaterThan(0);
    // No global rules: the page's baseline is a static file, not MUI's CssBaseline.
    expect(html).not.toContain('data-emotion="css-global');
    expect(rulesOf(head)).toBe(componentRules);
  });

  it('names every rule in one empty element emotion adopts (data-s), after the rules', () => {
    expect(namesOf(head)).toEqual(namesOf(html));
    expect(head.match(/<style data-emotion="css /g)).toHaveLength(1);
    expect(head).toMatch(/<style data-emotion="css [^"]+" data-s=""><\/style>$/);
  });
});
