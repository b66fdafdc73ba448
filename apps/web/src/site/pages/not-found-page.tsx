/** @jsxImportSource preact */
import { messages } from '@balas/contracts';
import { LogoLink } from '../components/logo.tsx';

/** Any address nobody knows (served with status 404). */
export function NotFoundPage() {
  return (
    <div class="centered-page">
      <header class="container">
        <LogoLink />
      </header>
      <main class="centered">
        <h1>{messages.errors.pageNotFound}</h1>
        <p class="muted">The page you are looking for does not exist or has moved.</p>
        <a class="button button-primary" href="/">
          Back to home
        </a>
      </main>
    </div>
  );
}
