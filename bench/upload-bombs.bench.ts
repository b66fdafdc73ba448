import {
  hexWhitespaceBombPdf,
  manyPagesPdf,
  pathOperatorsPdf,
  textOperatorsPdf,
  understatedDocxBomb,
  whitespaceBombPdf,
} from '../apps/server/src/test/hostile-files.ts';
import {
  benchOnPostgres,
  createBenchDatabase,
  type Figure,
  openLoopLoad,
  signUpBench,
  startBenchApp,
  startServerProcess,
  watchMemory,
} from './support.ts';

const MB = 1024 * 1024;
const HEALTH_RATE = 50;

/**
 * The files of the hostile-upload probe, each under the 3 MB upload limit. All but the last must
 * end Failed; the last is a valid PDF that is only slow to read (its one word is kept).
 */
const bombs: { name: string; file: string; fails: boolean; build: () => Buffer }[] = [
  {
    name: 'Word file inflating to 1 GB (headers say 2 KB)',
    file: 'bomb.docx',
    fails: true,
    build: () => understatedDocxBomb(1024 ** 3),
  },
  {
    name: 'PDF with 2.8 GB of compressed whitespace',
    file: 'whitespace.pdf',
    fails: true,
    build: () => whitespaceBombPdf(2.8 * 1024 ** 3),
  },
  {
    name: 'PDF with 1.4 GB of whitespace, compressed then hex-encoded',
    file: 'hex.pdf',
    fails: true,
    build: () => hexWhitespaceBombPdf(1.4 * 1024 ** 3),
  },
  { name: 'PDF of 30,000 pages', file: 'pages.pdf', fails: true, build: () => manyPagesPdf(30_000) },
  {
    name: 'PDF of 10 million text operators',
    file: 'text.pdf',
    fails: true,
    build: () => textOperatorsPdf(10_000_000),
  },
  {
    name: 'PDF of 10 million path operators (no text)',
    file: 'paths.pdf',
    fails: false,
    build: () => pathOperatorsPdf(10_000_000),
  },
];

/**
 * Hostile knowledge files uploaded to the real server in its own process, one after another: while
 * each is read, `/api/health` is requested at a steady 50/s and the server's memory is sampled.
 */
export async function benchUploadBombs(): Promise<Figure[]> {
  const postgres = benchOnPostgres();
  const database = await createBenchDatabase(postgres);
  try {
    const setup = await startBenchApp({ database });
    const headers = await signUpBench(setup.app);
    const shop = await setup.app.inject({
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
    await setup.close();
    console.log(`  on ${postgres ? 'PostgreSQL' : 'PGlite'}`);

    const server = await startServerProcess(database);
    try {
      // Warm-up: routes compiled, the extraction worker's modules read once from disk.
      await openLoopLoad({
        url: server.url,
        rate: HEALTH_RATE,
        durationSeconds: 2,
        request: () => ({ method: 'GET', path: '/api/health', headers: {} }),
      });
      const figures: Figure[] = [];
      let worstP99 = 0;
      let worstGrowth = 0;
      for (const bomb of bombs) {
        const data = bomb.build();
        const form = new FormData();
        form.append('shopId', shopId);
        form.append('chunkSize', '500');
        form.append('file[]', new Blob([new Uint8Array(data)]), bomb.file);
        const memory = watchMemory(server.pid);
        const started = performance.now();
        const res = await fetch(`${server.url}/api/shopee/v1/lang_chain_push/loader`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        const fileId = ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
        const settled = waitForFile(server.url, shopId, fileId, headers);
        const health = await openLoopLoad({
          url: server.url,
          rate: HEALTH_RATE,
          durationSeconds: 120,
          request: () => ({ method: 'GET', path: '/api/health', headers: {} }),
          until: settled,
        });
        const file = await settled;
        const ms = performance.now() - started;
        const rss = memory.stop();
        console.log(
          `  ${bomb.name} (${(data.length / MB).toFixed(2)} MB): ${file.status} after ${(ms / 1000).toFixed(1)} s, "${file.error}"; health p99 ${health.p99.toFixed(1)} ms (${health.sent} requests, ${health.non2xx} failed); server RSS ${(rss.before / MB).toFixed(0)} -> peak ${(rss.peak / MB).toFixed(0)} MB`,
        );
        worstP99 = Math.max(worstP99, health.p99);
        worstGrowth = Math.max(worstGrowth, rss.growth / MB);
        figures.push(
          { name: `${bomb.file}: health p99 while it is read`, value: health.p99, unit: 'ms' },
          { name: `${bomb.file}: server memory growth`, value: rss.growth / MB, unit: 'MB' },
          { name: `${bomb.file}: upload to ${file.status}`, value: ms, unit: 'ms' },
          {
            name: `${bomb.file}: ended ${bomb.fails ? 'other than failed' : 'failed'}`,
            value: (file.status === 'failed') === bomb.fails ? 0 : 1,
            unit: '',
            budget: 0,
          },
        );
        // The next file starts on a settled server.
        await new Promise((r) => setTimeout(r, 2000));
      }
      return [
        ...figures,
        { name: 'worst health p99 while a hostile file is read', value: worstP99, unit: 'ms', budget: 100 },
        { name: 'worst server memory growth', value: worstGrowth, unit: 'MB', budget: 300 },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function waitForFile(url: string, shopId: string, fileId: string, headers: Record<string, string>) {
  for (;;) {
    const res = await fetch(`${url}/api/shopee/v1/lang_chain_push/loader?shopId=${shopId}`, { headers });
    const files = ((await res.json()) as { data: { id: string; status: string; error: string | null }[] })
      .data;
    const file = files.find((f) => f.id === fileId);
    if (file && file.status !== 'processing') return file;
    await new Promise((r) => setTimeout(r, 250));
  }
}
