/** @jsxImportSource preact */

/** The Balas mark and name, as a link home (or wherever `href` says). */
export function LogoLink({ href = '/', label = 'Balas home' }: { href?: string; label?: string }) {
  return (
    <a class="logo" href={href} aria-label={label}>
      <img src="/favicon.svg" alt="" width="30" height="30" />
      <span>Balas</span>
    </a>
  );
}
