/** @jsxImportSource preact */
import type { SitePage } from '@balas/contracts';
import { ConnectedPage } from './pages/connected-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { privacy, terms } from './pages/legal-documents.ts';
import { LegalPage } from './pages/legal-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { ResetPasswordPage } from './pages/reset-password-page.tsx';
import { SignupPage } from './pages/signup-page.tsx';

/** Each page's `<title>` (prerendered into its HTML). */
export const siteTitles: Record<SitePage, string> = {
  index: 'Balas · AI customer service for online merchants',
  login: 'Log in · Balas',
  signup: 'Sign up · Balas',
  terms: 'Terms & Conditions · Balas',
  privacy: 'Privacy Policy · Balas',
  'reset-password': 'Choose a new password · Balas',
  connected: 'Shop authorization · Balas',
  'not-found': 'Page not found · Balas',
};

/**
 * Pages whose content depends on the address (a token, an outcome): prerendered as an empty shell and
 * rendered in the browser. The others are prerendered whole and hydrated.
 */
export const renderedInBrowser: ReadonlySet<SitePage> = new Set(['reset-password', 'connected']);

/** One page of the public site. `path` and `search` are the browser's (empty when prerendering). */
export function Site({ page, path, search }: { page: SitePage; path: string; search: string }) {
  switch (page) {
    case 'index':
      return <LandingPage />;
    case 'login':
      return <LoginPage />;
    case 'signup':
      return <SignupPage />;
    case 'terms':
      return <LegalPage document={terms} />;
    case 'privacy':
      return <LegalPage document={privacy} />;
    case 'reset-password':
      return (
        <ResetPasswordPage
          token={decodeURIComponent(path.split('/').pop() ?? '')}
          email={new URLSearchParams(search).get('email') ?? ''}
        />
      );
    case 'connected':
      return <ConnectedPage search={search} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
