import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { knowledgeFiles } from '../apps/server/src/db/schema.ts';
import { sniffDocument } from '../apps/server/src/features/knowledge/extract.ts';
import { benchOnPostgres, type Figure, signUpBench, startBenchApp } from './support.ts';

const words =
  'delivery refund voucher stroller romper bamboo swaddle courier parcel warranty exchange size chart cotton'.split(
    ' ',
  );

/** A text-heavy PDF of about `bytes` bytes. */
async function textPdf(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let n = 0;
  for (;;) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 70; line++) {
      const text = Array.from({ length: 14 }, () => words[n++ % words.length]).join(' ');
      page.drawText(`${line + 1}. ${text}.`, { x: 30, y: 810 - line * 11, size: 8, font });
    }
    if (pdf.getPageCount() % 20 === 0 && (await pdf.save({ useObjectStreams: false })).length >= bytes) break;
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/**
 * Ingesting a 3 MB text PDF to Ready, where its time goes, and the files list with 100 files in a
 * shop; on PostgreSQL with DATABASE_URL, else on PGlite.
 */
export async function benchKnowledge(): Promise<Figure[]> {
  const postgres = benchOnPostgres();
  console.log(`  on ${postgres ? 'PostgreSQL' : 'PGlite'}`);
  const bench = await startBenchApp({ postgres });
  try {
    const headers = await signUpBench(bench.app);
    const shop = await bench.app.inject({
      method: 'POST',
      url: '/api/website',
      headers,
      payload: {
        name: 'Bench',
        person_name: 'B',
        person_email: 'b@example.com',
        person_phone: '012-345 6789',
      },
    });
    const shopId = shop.json().data.id as string;
    const pdf = await textPdf(3 * 1024 * 1024 - 64 * 1024);
    const type = (await sniffDocument(pdf, 'big.pdf'))!;
    // Where the time goes: the ingestion logs its phases (the bench's logger is silent, so listen in).
    type Phases = { fileId: string; extractMs: number; chunkMs: number; storeMs: number };
    const ingested = new Map<string, Phases>();
    const log = bench.ctx.log;
    const info = log.info.bind(log);
    log.info = ((entry: unknown, ...rest: unknown[]) => {
      if (rest[0] === 'knowledge file ingested') ingested.set((entry as Phases).fileId, entry as Phases);
      return (info as (...args: unknown[]) => void)(entry, ...rest);
    }) as typeof log.info;
    const started = performance.now();
    const file = await bench.app.services.knowledge.add(shopId, {
      fileName: 'big.pdf',
      data: pdf,
      mime: type.mime,
      chunkSize: 500,
    });
    await bench.ctx.queue.idle(120_000);
    const ingestMs = performance.now() - started;
    const phases = ingested.get(file.id) ?? {
      extractMs: Number.NaN,
      chunkMs: Number.NaN,
      storeMs: Number.NaN,
    };
    const [row] = await bench.ctx.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, file.id));
    console.log(
      `  ${(pdf.length / 1024 / 1024).toFixed(2)} MB PDF -> ${row?.status}, ${row?.chunkCount} chunks`,
    );

    for (let i = 0; i < 99; i++) {
      const data = Buffer.from(`Note ${i}. ${words.join(' ')}.`);
      await bench.app.services.knowledge.add(shopId, {
        fileName: `note-${i}.txt`,
        data,
        mime: 'text/plain',
        chunkSize: 500,
      });
    }
    await bench.ctx.queue.idle(120_000);
    const list = await autocannon({
      url: `${bench.url}/api/shopee/v1/lang_chain_push/loader?shopId=${shopId}`,
      connections: 20,
      duration: 5,
      headers,
    });
    return [
      { name: '3 MB text PDF to Ready', value: ingestMs, unit: 'ms', budget: 5000 },
      { name: '  of which text extraction (unpdf, threads)', value: phases.extractMs, unit: 'ms' },
      { name: '  of which chunking', value: phases.chunkMs, unit: 'ms' },
      { name: '  of which storing the chunks', value: phases.storeMs, unit: 'ms' },
      { name: 'files list p99 (100 files, 20 clients)', value: list.latency.p99, unit: 'ms' },
      { name: 'files list throughput', value: list.requests.average, unit: 'req/s' },
    ];
  } finally {
    await bench.close();
  }
}
