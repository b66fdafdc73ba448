import { useEffect } from 'react';
import { useMatches } from 'react-router';

const suffix = ' · Balas';
/** A title a page gave itself (a shop's name, a customer's), over its route's. */
let pageOwn: string | null = null;
let routeTitle = 'Dashboard';
/** `(3) ` while conversations need the merchant (the shell keeps it current). */
let prefix = '';
const render = () => {
  document.title = `${prefix}${pageOwn ?? routeTitle}${suffix}`;
};

/** Every dashboard route names itself in its `handle`; the document's title follows the deepest one. */
export interface RouteHandle {
  title: string;
}

export function useRouteTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    routeTitle = title ?? 'Dashboard';
    render();
  }, [title]);
}

/** A page whose title is its content (a shop, a conversation) names the document while it is shown. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    pageOwn = title;
    render();
    return () => {
      pageOwn = null;
    };
  }, [title]);
}

/** Puts the attention count before every page's title, e.g. `(3) Train Chatbot · Balas`. */
export function useTitlePrefix(value: string) {
  useEffect(() => {
    prefix = value;
    render();
    return () => {
      prefix = '';
      render();
    };
  }, [value]);
}
