// Size budget of the website widget (issue: loader < 5 KB, whole widget < 25 KB, gzipped).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const widgetDist = new URL('../apps/widget/dist/', import.meta.url).pathname;

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The built widget's gzipped sizes in bytes, each with its budget. */
export function widgetSizes(dist = widgetDist) {
  return [
    { name: 'loader (widget.js)', bytes: gz(join(dist, 'widget.js')), budget: 5 * 1024 },
    {
      name: 'whole widget',
      // The built files themselves, not the precompressed copies written beside them.
      bytes: walk(dist)
        .filter((file) => !/\.(br|gz|map)$/.test(file))
        .reduce((sum, file) => sum + gz(file), 0),
      budget: 25 * 1024,
    },
  ];
}
