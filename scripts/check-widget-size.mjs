// Size budget of the website widget (issue: loader < 5 KB, whole widget < 25 KB, gzipped).
import { widgetSizes } from './widget-size.mjs';

let failed = false;
for (const { name, bytes, budget } of widgetSizes()) {
  const ok = bytes <= budget;
  failed ||= !ok;
  console.log(
    `${name.padEnd(20)} ${(bytes / 1024).toFixed(2)} KB gzipped  budget ${budget / 1024} KB  ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exit(failed ? 1 : 0);
