import { Link } from 'react-router';

/**
 * The mark drawn in the page, as public/favicon.svg draws it: an <img> of the SVG file would make
 * the browser build a separate SVG document on the main thread while the first screen loads.
 */
function Mark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" style={{ display: 'block' }}>
      <rect width="64" height="64" rx="14" fill="#42b883" />
      <path
        d="M16 18h32a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H28l-10 8v-8h-2a4 4 0 0 1-4-4V22a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <circle cx="25" cy="31" r="3" fill="#42b883" />
      <circle cx="32" cy="31" r="3" fill="#42b883" />
      <circle cx="39" cy="31" r="3" fill="#42b883" />
    </svg>
  );
}

/** The Balas mark and name. */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Mark size={size} />
      <span
        style={{
          fontWeight: 800,
          fontSize: size * 0.72,
          lineHeight: 1.5,
          color: '#17212b',
          letterSpacing: '-0.02em',
        }}
      >
        Balas
      </span>
    </span>
  );
}

/** The logo as a link, e.g. home from the public pages or to the shops from the dashboard. */
export function LogoLink({ to, label, size }: { to: string; label: string; size?: number }) {
  return (
    <Link to={to} aria-label={label} style={{ display: 'inline-flex', textDecoration: 'none' }}>
      <Logo size={size} />
    </Link>
  );
}
