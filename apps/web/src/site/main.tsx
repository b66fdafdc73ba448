/** @jsxImportSource preact */
import { pageOf } from '@balas/contracts';
import { hydrate, render } from 'preact';
import { signedIn } from './api.ts';
import { renderedInBrowser, Site } from './site.tsx';
import './site.css';

const { pathname, search } = location;
const target = pageOf(pathname);
const page = target.app === 'site' ? target.page : 'not-found';

// Spec §2: a merchant who is already signed in goes to the dashboard instead of logging in again.
if ((page === 'login' || page === 'signup') && signedIn()) {
  location.replace('/dashboard');
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const app = <Site page={page} path={pathname} search={search} />;
  if (root.firstElementChild && !renderedInBrowser.has(page)) hydrate(app, root);
  else {
    root.textContent = '';
    render(app, root);
  }
}
