import type { WebsiteDiffLine } from '@balas/contracts';

/** Beyond this many line pairs the middle of two texts is shown as removed, then added, whole. */
const MAX_CELLS = 400_000;
/** Unchanged lines kept around each change. */
const CONTEXT = 2;

/**
 * A line diff of two texts: common head and tail trimmed, then the longest common subsequence of
 * the rest (bounded: past MAX_CELLS the rest is one removal and one addition). Unchanged runs are
 * cut to CONTEXT lines around each change, the cut marked 'skipped' with how many lines.
 */
export function diffLines(
  before: string,
  after: string,
): { lines: WebsiteDiffLine[]; added: number; removed: number } {
  const a = before ? before.split('\n') : [];
  const b = after ? after.split('\n') : [];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ops: WebsiteDiffLine[] = a.slice(0, head).map((text) => ({ op: 'same', text }));
  if (midA.length * midB.length > MAX_CELLS) {
    for (const text of midA) ops.push({ op: 'removed', text });
    for (const text of midB) ops.push({ op: 'added', text });
  } else {
    const n = midA.length;
    const m = midB.length;
    const table = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i * (m + 1) + j] =
          midA[i] === midB[j]
            ? table[(i + 1) * (m + 1) + j + 1]! + 1
            : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        ops.push({ op: 'same', text: midA[i]! });
        i++;
        j++;
      } else if (i < n && (j === m || table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!)) {
        ops.push({ op: 'removed', text: midA[i]! });
        i++;
      } else {
        ops.push({ op: 'added', text: midB[j]! });
        j++;
      }
    }
  }
  for (const text of a.slice(a.length - tail)) ops.push({ op: 'same', text });
  const added = ops.filter((o) => o.op === 'added').length;
  const removed = ops.filter((o) => o.op === 'removed').length;
  return { lines: collapse(ops), added, removed };
}

function collapse(ops: WebsiteDiffLine[]): WebsiteDiffLine[] {
  const near = new Uint8Array(ops.length);
  ops.forEach((o, i) => {
    if (o.op === 'same') return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(ops.length - 1, i + CONTEXT); k++) near[k] = 1;
  });
  const out: WebsiteDiffLine[] = [];
  let skipped = 0;
  ops.forEach((o, i) => {
    if (o.op === 'same' && !near[i]) {
      skipped++;
      return;
    }
    if (skipped > 0) out.push({ op: 'skipped', text: String(skipped) });
    skipped = 0;
    out.push(o);
  });
  if (skipped > 0) out.push({ op: 'skipped', text: String(skipped) });
  return out;
}
