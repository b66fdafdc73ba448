/** @jsxImportSource preact */
import { LogoLink } from '../components/logo.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import type { LegalDocument } from './legal-documents.ts';

const anchor = (n: number) => `section-${n}`;

/** /terms and /privacy: title, date, contents, numbered sections of bullets, and the footer. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <>
      <header class="legal-header">
        <div class="container container-narrow">
          <LogoLink />
        </div>
      </header>
      <main class="container container-narrow legal">
        <h1>{doc.title}</h1>
        <p class="muted">Last updated {doc.updated}</p>
        <p class="lead">{doc.intro}</p>
        <nav aria-labelledby="contents-title" class="contents">
          <h2 id="contents-title">Contents</h2>
          <ol>
            {doc.sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#${anchor(i + 1)}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((s, i) => (
          <section key={s.title} id={anchor(i + 1)} aria-labelledby={`${anchor(i + 1)}-title`}>
            <h2 id={`${anchor(i + 1)}-title`}>
              {i + 1}. {s.title}
            </h2>
            <ul>
              {s.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
