// Size budget of the website widget (issue: loader < 5 KB, whole widget < 25 KB, gzipped).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/widget/dist/', import.meta.url).pathname;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const loader = gz(join(dist, 'widget.js'));
const total = walk(dist).reduce((sum, file) => sum + gz(file), 0);
const rows = [
  ['loader (widget.js)', loader, 5 * 1024],
  ['whole widget', total, 25 * 1024],
];
let failed = false;
for (const [name, size, budget] of rows) {
  const ok = size <= budget;
  failed ||= !ok;
  console.log(
    `${name.padEnd(20)} ${(size / 1024).toFixed(2)} KB gzipped  budget ${budget / 1024} KB  ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exit(failed ? 1 : 0);
