import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocumentText } from './extract.ts';

describe('PDF text extraction', () => {
  it('reads a long PDF across worker threads with every page, in order', async () => {
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
    await expect(extractDocumentText(broken, 'pdf')).rejects.toThrow(
      'This PDF is damaged and could not be read',
    );
  });
});
