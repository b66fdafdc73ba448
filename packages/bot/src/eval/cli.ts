import { parseArgs } from 'node:util';
import { createOpenAICompatibleBackend } from '../compose-model.ts';
import { benchmarkAnswering } from './benchmark.ts';
import { loadEvalSet } from './load-set.ts';
import { runEvalSet } from './run-set.ts';
import { formatSummary } from './score.ts';

// node --import tsx packages/bot/src/eval/cli.ts <set folder>... [--verbose] [--bench]
//   [--base-url URL --model ID [--api-key KEY]]   (compose with an OpenAI-compatible model)

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    verbose: { type: 'boolean', short: 'v', default: false },
    bench: { type: 'boolean', default: false },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key': { type: 'string' },
    timeout: { type: 'string' },
  },
});

if (positionals.length === 0) {
  process.stderr.write(
    'usage: cli.ts <eval set folder>... [--verbose] [--bench] [--base-url URL --model ID]\n',
  );
  process.exit(2);
}

const backend =
  values['base-url'] && values.model
    ? createOpenAICompatibleBackend({
        baseURL: values['base-url'],
        model: values.model,
        ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
        ...(values.timeout ? { timeoutMs: Number(values.timeout) } : {}),
      })
    : undefined;

const sets = [];
for (const dir of positionals) {
  const set = await loadEvalSet(dir);
  sets.push(set);
  const run = await runEvalSet(set, backend ? { composer: backend.composer } : {});
  process.stdout.write(formatSummary(set.name, run.summary));
  if (set.skippedFiles.length) process.stdout.write(`  skipped files: ${set.skippedFiles.join(', ')}\n`);
  if (values.verbose) {
    for (const o of run.outcomes) {
      if (o.correct) continue;
      const q = set.questions.find((x) => x.id === o.id)!;
      const r = run.results.get(o.id)!;
      const why = o.expectsHandover
        ? 'no handover'
        : o.handedOver
          ? `handed over (${r.handover?.reason})`
          : `got ${o.firstSource ?? '-'}`;
      process.stdout.write(
        `  x ${o.id} [${o.language}${o.crossLingual ? ', cross' : ''}] ${q.question}\n      ${why}; ${r.text.slice(0, 140).replace(/\n/g, ' ')}\n`,
      );
    }
  }
}
const ms = (n: number) => `${n.toFixed(2)} ms`;
if (values.bench) {
  const b = benchmarkAnswering(sets);
  process.stdout.write(
    `== benchmark: ${b.chunks} chunks, ${b.passages} passages, index built in ${ms(b.buildMs)}\n` +
      `answer time     p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, max ${ms(b.max)} over ${b.questions} questions\n`,
  );
}
