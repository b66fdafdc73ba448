import { limits, messages } from '@balas/contracts';
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  chainedWhitespaceBombPdf,
  docxOf,
  hexWhitespaceBombPdf,
  manyPagesPdf,
  pathOperatorsPdf,
  textOperatorsPdf,
  understatedDocxBomb,
  whitespaceBombPdf,
} from '../../test/hostile-files.ts';
import { extractDocumentText } from './extract.ts';

const failed = messages.knowledge.failed;

// Readings run in threads that a loaded machine (CI beside other work) slows several times over: a
// test waits up to the product's own time limit and a half (the limit is what fails a slow reading).
const READING_TEST_TIMEOUT = 1.5 * limits.knowledgeFile.timeoutMs;

describe('PDF text extraction', { timeout: READING_TEST_TIMEOUT }, () => {
  it('reads a long PDF (shared among extraction threads where the cores allow) with every page, in order', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    let pages = 0;
    // Past the size at which the pages are shared among worker threads.
    while (pages < 400) {
      const page = pdf.addPage([595, 842]);
      pages++;
      page.drawText(`Page ${pages} begins here.`, { x: 30, y: 800, size: 12, font });
      for (let line = 0; line < 40; line++) {
        page.drawText(`line ${line} of page ${pages}: exchange within seven days with the receipt`, {
          x: 30,
          y: 780 - line * 14,
          size: 9,
          font,
        });
      }
    }
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const text = await extractDocumentText(bytes, 'pdf');
    const starts = [...text.matchAll(/Page (\d+) begins here\./g)].map((m) => Number(m[1]));
    expect(starts).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(text).toContain('line 39 of page 400');
  });

  it('refuses a large damaged PDF with a clear reason', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600 * 1024, 'x')]);
    await expect(extractDocumentText(broken, 'pdf')).rejects.toThrow(failed.pdfDamaged);
  });
});

describe('hostile files', { timeout: READING_TEST_TIMEOUT }, () => {
  it('stops a Word file whose zip headers understate what it inflates to, counting the bytes inflated', async () => {
    // 1 GB of text behind headers that declare 2 KB: the file is 1.5 MB.
    const bomb = understatedDocxBomb(1024 ** 3);
    expect(bomb.length).toBeLessThan(limits.uploadMaxBytes);
    await expect(extractDocumentText(bomb, 'docx')).rejects.toThrow(failed.unpacksTooLarge(50));
    // An honest Word file under the limit still reads.
    await expect(extractDocumentText(docxOf('Returns within 7 days.'), 'docx')).resolves.toBe(
      'Returns within 7 days.',
    );
  });

  it('stops a PDF whose compressed stream inflates to gigabytes of whitespace, counting the bytes inflated', async () => {
    const bomb = whitespaceBombPdf(2.8 * 1024 ** 3);
    expect(bomb.length).toBeLessThan(limits.uploadMaxBytes);
    await expect(extractDocumentText(bomb, 'pdf')).rejects.toThrow(failed.pdfUnpacksTooLarge(256));
  });

  it('counts the streams after `stream` and a lone CR, or CR LF, as pdf.js reads them', async () => {
    for (const streamEol of ['\r', '\r\n']) {
      const bomb = whitespaceBombPdf(2.8 * 1024 ** 3, { streamEol });
      await expect(extractDocumentText(bomb, 'pdf')).rejects.toThrow(failed.pdfUnpacksTooLarge(256));
    }
    // An honest stream after a lone CR still reads.
    const small = whitespaceBombPdf(1024 * 1024, { streamEol: '\r' });
    await expect(extractDocumentText(small, 'pdf')).resolves.toBe('After the whitespace');
  });

  it('counts every stage of chained filters (/FlateDecode /FlateDecode)', async () => {
    // The outer stream inflates to about 3 MB, the inner one to 2.8 GB.
    const bomb = chainedWhitespaceBombPdf(2.8 * 1024 ** 3);
    expect(bomb.length).toBeLessThan(limits.uploadMaxBytes);
    await expect(extractDocumentText(bomb, 'pdf')).rejects.toThrow(failed.pdfUnpacksTooLarge(256));
    await expect(extractDocumentText(chainedWhitespaceBombPdf(1024 * 1024), 'pdf')).resolves.toBe(
      'After the whitespace',
    );
  });

  it('refuses a PDF of 30,000 pages whose page tree says 1,500, before reading them', async () => {
    const started = performance.now();
    await expect(extractDocumentText(manyPagesPdf(30_000, { count: 1500 }), 'pdf')).rejects.toThrow(
      failed.tooManyPages(2000),
    );
    // pdf.js walks the page tree for each page: reading the 1,500 took 28 s.
    expect(performance.now() - started).toBeLessThan(10_000);
    // A tree that overstates its pages is still read.
    await expect(extractDocumentText(manyPagesPdf(3, { count: 5 }), 'pdf')).resolves.toContain(
      'One of many pages',
    );
  });

  it('counts the pages of a tree written in compressed object streams', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 2100; n++) pdf.addPage([200, 200]).drawText(`Page ${n}`, { x: 20, y: 100, font });
    pdf.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(1500));
    // pdf-lib writes the page tree into object streams (/Type /ObjStm), compressed.
    const lying = Buffer.from(await pdf.save({ useObjectStreams: true }));
    expect(lying.includes('/Type /Page')).toBe(false);
    await expect(extractDocumentText(lying, 'pdf')).rejects.toThrow(failed.tooManyPages(2000));
  });

  it('stops a reading whose memory grows past the bound, whatever grows it', async () => {
    // Hexadecimal around the compressed stream hides it from the count of inflated bytes; the
    // memory watch stops it.
    const bomb = hexWhitespaceBombPdf(1024 ** 3);
    await expect(extractDocumentText(bomb, 'pdf')).rejects.toThrow(failed.tooMuchMemory);
  });

  it('refuses a PDF of 30,000 pages before reading them', async () => {
    const many = manyPagesPdf(30_000);
    expect(many.length).toBeLessThan(limits.uploadMaxBytes);
    await expect(extractDocumentText(many, 'pdf')).rejects.toThrow(failed.tooManyPages(2000));
    await expect(extractDocumentText(manyPagesPdf(3), 'pdf')).resolves.toContain('One of many pages');
  });

  it('reads a small PDF of a million text operators off the event loop and stops at the text limit', async () => {
    let longestPause = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    }, 5);
    try {
      await expect(
        extractDocumentText(textOperatorsPdf(1_000_000), 'pdf', { maxTextChars: 100_000 }),
      ).rejects.toThrow(failed.tooMuchText(0.1));
    } finally {
      clearInterval(ticker);
    }
    // On the event loop this PDF blocked every request for seconds; a generous bound for a shared machine.
    expect(longestPause).toBeLessThan(1000);
  });

  it('stops a reading that takes longer than its time limit', async () => {
    const started = performance.now();
    await expect(
      extractDocumentText(pathOperatorsPdf(10_000_000), 'pdf', { timeoutMs: 1500 }),
    ).rejects.toThrow(failed.tooSlow(2));
    expect(performance.now() - started).toBeLessThan(10_000);
    // The next file is read as usual.
    await expect(extractDocumentText(Buffer.from('Plain text after the stop.'), 'text')).resolves.toBe(
      'Plain text after the stop.',
    );
  });

  it('refuses text beyond the limit, and invalid JSON, with their reasons', async () => {
    await expect(
      extractDocumentText(Buffer.from('word '.repeat(30)), 'text', { maxTextChars: 100 }),
    ).rejects.toThrow(failed.tooMuchText(0.0001));
    await expect(extractDocumentText(Buffer.from('{"a": '), 'json')).rejects.toThrow(failed.jsonInvalid);
    await expect(extractDocumentText(Buffer.from(' \n\t '), 'text')).rejects.toThrow(failed.noText);
  });
});
