/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { CheckIcon } from './icons.tsx';
import { LogoLink } from './logo.tsx';

const points = [
  'Answers Shopee, Lazada and website chats in seconds',
  'Replies in English, Bahasa Melayu and Chinese',
  'Hands the chat to your team when it should',
];

/** /login, /signup and the reset page: the form beside the hero text; on phones the form comes first. */
export function AuthLayout({ children }: { children: ComponentChildren }) {
  return (
    <div class="auth-page">
      <header class="container auth-header">
        <LogoLink />
      </header>
      <main class="container auth-grid">
        <section class="auth-pitch" aria-label="About Balas">
          <p class="auth-title">Answer every shopper, in their language, in seconds.</p>
          <p class="lead muted">
            Balas connects to your shops and your website, answers questions about your products, delivery and
            returns, and lets your team focus on selling.
          </p>
          <ul class="checks">
            {points.map((point) => (
              <li key={point}>
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
        </section>
        <div class="card auth-card">{children}</div>
      </main>
    </div>
  );
}

/** A finished step in place of its form (so its title is the page's heading), and what to do next. */
export function SuccessPanel({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ComponentChildren;
}) {
  return (
    <div class="success" role="status">
      <span class="success-mark">
        <CheckIcon size={40} />
      </span>
      <h1>{title}</h1>
      <p class="muted">{text}</p>
      {children}
    </div>
  );
}
