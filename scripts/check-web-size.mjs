// Size budgets of the web app in CI: the site's pages and the dashboard's first load (see web-size.mjs).
import { webSizes } from './web-size.mjs';

let failed = false;
for (const { name, js, css, budget } of webSizes()) {
  const ok = js <= budget;
  failed ||= !ok;
  console.log(
    `${name.padEnd(58)} JS ${(js / 1024).toFixed(1).padStart(6)} KB  CSS ${(css / 1024).toFixed(1).padStart(5)} KB brotli  budget ${budget / 1024} KB  ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exit(failed ? 1 : 0);
