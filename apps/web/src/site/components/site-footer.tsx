/** @jsxImportSource preact */

/** The public pages' footer, with the legal links. */
export function SiteFooter() {
  return (
    <footer class="site-footer">
      <div class="container footer-row">
        <div>
          <span class="logo logo-small">
            <img src="/favicon.svg" alt="" width="26" height="26" />
            <span>Balas</span>
          </span>
          <p class="muted small">
            © {new Date().getFullYear()} Balas Technologies Sdn. Bhd. Made in Malaysia.
          </p>
        </div>
        <nav aria-label="Legal" class="footer-links">
          <a href="/terms">Terms &amp; Conditions</a>
          <a href="/privacy">Privacy Policy</a>
        </nav>
      </div>
    </footer>
  );
}
