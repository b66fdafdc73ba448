import { messages } from '@balas/contracts';
import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeFiles } from '../../db/schema.ts';
import { manyPagesPdf, understatedDocxBomb } from '../../test/hostile-files.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
});

/** A multipart body as a browser's FormData sends it. */
function multipart(files: { name: string; data: Buffer; type?: string }[], fields: Record<string, string>) {
  const boundary = `----balas${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(files: { name: string; data: Buffer }[], fields: Record<string, string> = { shopId }) {
  const body = multipart(files, { confirm: 'true', chunkSize: '500', ...fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/shopee/v1/lang_chain_push/loader',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function ingested(fileId: string) {
  // The first file starts the ingestion and extraction threads: seconds on a loaded machine.
  await t.ctx.queue.idle(60_000);
  const [file] = await t.ctx.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
  const chunks = await t.app.services.knowledge.chunksOf(fileId);
  return { file: file!, text: chunks.map((c) => c.text).join(' ') };
}

const sentences = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${topic} fact number ${i + 1} is written here.`).join(' ');

async function makePdf(pages: string[]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    const words = text.split(' ');
    let line = '';
    let y = 800;
    for (const w of words) {
      if ((line + w).length > 80) {
        page.drawText(line, { x: 40, y, size: 10, font });
        y -= 14;
        line = '';
      }
      line += `${w} `;
    }
    page.drawText(line, { x: 40, y, size: 10, font });
  }
  return Buffer.from(await pdf.save());
}

describe('knowledge files', () => {
  it('ingests a multi-page PDF into ordered chunks and lists it Ready', async () => {
    const pdf = await makePdf([sentences('Alpha', 20), sentences('Bravo', 20), sentences('Charlie', 20)]);
    const res = await upload([{ name: 'policy.pdf', data: pdf }]);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data;
    expect(row).toMatchObject({ fileName: 'policy.pdf', status: 'processing', size: pdf.length });
    const { file, text } = await ingested(row.id);
    expect(file.status).toBe('ready');
    expect(file.chunkCount).toBeGreaterThan(3);
    expect(text.indexOf('Alpha fact number 1 ')).toBeLessThan(text.indexOf('Bravo fact number 1 '));
    expect(text.indexOf('Bravo fact number 20')).toBeLessThan(text.indexOf('Charlie fact number 1 '));
    const chunks = await t.app.services.knowledge.chunksOf(row.id);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(500);
    const list = await t.app.inject({
      url: `/api/shopee/v1/lang_chain_push/loader?shopId=${shopId}`,
      headers,
    });
    expect(list.json().data.find((f: { id: string }) => f.id === row.id)).toMatchObject({ status: 'ready' });
  }, 90_000);

  it('ingests .docx, CSV, JSON and text files', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        sections: [{ children: [new Paragraph('Delta first paragraph.'), new Paragraph('Echo second.')] }],
      }),
    );
    const csv = Buffer.from('size,age,height\nS,0-3 months,56 cm\nM,3-6 months,62 cm\n');
    const json = Buffer.from(
      JSON.stringify({ faq: [{ q: 'Do you ship to Sabah?', a: 'Yes, in 4-7 days.' }] }),
    );
    const text = Buffer.from('Foxtrot line one.\n\nGolf line two.');
    const res = await upload([
      { name: 'guide.docx', data: docx },
      { name: 'sizes.csv', data: csv },
      { name: 'faq.json', data: json },
      { name: 'notes.txt', data: text },
    ]);
    expect(res.statusCode).toBe(200);
    const [d, c, j, x] = res.json().data;
    expect((await ingested(d.id)).text).toMatch(/Delta first paragraph\.\s+Echo second\./);
    // How a row or an entry reads is the bot's chunker's (packages/bot document-text.ts): here, that
    // each row's values and each question's answer come through together.
    expect((await ingested(c.id)).text).toMatch(/size M\b[^\n]*3-6 months[^\n]*62 cm/);
    expect((await ingested(j.id)).text).toMatch(/Do you ship to Sabah\?\s+Yes, in 4-7 days\./);
    expect((await ingested(x.id)).text).toMatch(/Foxtrot line one\.\s+Golf line two\./);
  });

  it('refuses a renamed executable, an empty file and an oversized file, storing nothing', async () => {
    const before = (await t.ctx.database.db.select().from(knowledgeFiles)).length;
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
    const exe = await upload([{ name: 'manual.pdf', data: elf }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe(messages.validation.uploadFile);
    const empty = await upload([{ name: 'empty.txt', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(415);
    const big = await upload([{ name: 'big.txt', data: Buffer.alloc(3 * 1024 * 1024 + 10, 'a') }]);
    expect(big.statusCode).toBe(413);
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    expect((await t.ctx.database.db.select().from(knowledgeFiles)).length).toBe(before);
  });

  it('marks corrupt and hostile documents Failed with the reason and keeps no chunks', async () => {
    const corruptPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x41)]);
    const scanned = await (async () => {
      const pdf = await PDFDocument.create();
      pdf.addPage();
      return Buffer.from(await pdf.save());
    })();
    const res = await upload([
      { name: 'corrupt.pdf', data: corruptPdf },
      { name: 'scanned.pdf', data: scanned },
      // Its zip headers declare 2 KB; it inflates to 1 GB.
      { name: 'bomb.docx', data: understatedDocxBomb(1024 ** 3) },
    ]);
    expect(res.statusCode).toBe(200);
    const [corrupt, scan, bomb] = res.json().data;
    const pages = (await upload([{ name: 'catalogue.pdf', data: manyPagesPdf(30_000) }])).json().data[0];
    expect((await ingested(corrupt.id)).file).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('damaged'),
    });
    expect((await ingested(scan.id)).file).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('no text'),
    });
    expect((await ingested(bomb.id)).file).toMatchObject({
      status: 'failed',
      error: messages.knowledge.failed.unpacksTooLarge(50),
    });
    expect((await ingested(pages.id)).file).toMatchObject({
      status: 'failed',
      error: messages.knowledge.failed.tooManyPages(2000),
    });
    for (const id of [corrupt.id, scan.id, bomb.id, pages.id]) {
      expect(
        await t.ctx.database.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, id)),
      ).toEqual([]);
    }
  });

  it('deletes a file with its chunks, downloads only for the owner, and guards the shop', async () => {
    const res = await upload([
      { name: 'Dasar pemulangan (2025).txt', data: Buffer.from('Hotel india juliet.') },
    ]);
    const id = res.json().data[0].id;
    await ingested(id);
    const download = await t.app.inject({
      url: `/api/shopee/v1/lang_chain_push/loader/${id}/download`,
      headers,
    });
    expect(download.body).toBe('Hotel india juliet.');
    // Saved under its own name, not the storage key.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Dasar pemulangan (2025).txt"; filename*=UTF-8''Dasar%20pemulangan%20%282025%29.txt`,
    );
    const other = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          url: `/api/shopee/v1/lang_chain_push/loader/${id}/download`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/shopee/v1/lang_chain_push/loader/${id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    const foreign = multipart([{ name: 'x.txt', data: Buffer.from('x') }], { shopId });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push/loader',
      headers: { ...other.headers, ...foreign.headers },
      payload: foreign.payload,
    });
    expect(up.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/shopee/v1/lang_chain_push/loader/${id}`,
      headers,
    });
    expect(del.statusCode).toBe(200);
    expect(
      await t.ctx.database.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, id)),
    ).toEqual([]);
  });
});
