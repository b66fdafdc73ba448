/** @jsxImportSource preact */
import { type ComponentChild, render } from 'preact';
import { afterEach } from 'vitest';

const mounted: HTMLElement[] = [];
afterEach(() => {
  for (const container of mounted.splice(0)) {
    render(null, container);
    container.remove();
  }
  localStorage.clear();
});

/** Renders a site page into the document, as the browser entry does. */
export function renderSite(page: ComponentChild): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  mounted.push(container);
  render(page, container);
  return container;
}
