import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';
import { until } from './support/until.ts';

const running = productAndBrowser();

/** A real three-page PDF with a text layer, one policy per page. */
async function policyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Delivery policy', 'Orders to West Malaysia arrive in 1 to 3 working days.'],
    ['Returns policy', 'Unused items can be returned within 7 days of delivery.'],
    ['Care guide', 'Wash the bamboo swaddle at 30 degrees and dry it flat in the shade.'],
  ];
  for (const [heading, text] of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawText(heading!, { x: 40, y: 790, size: 18, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`${line + 1}. ${text}`, { x: 40, y: 750 - line * 20, size: 11, font });
    }
  }
  return Buffer.from(await pdf.save());
}

describe('knowledge files and product information of a Shopee shop', () => {
  it('uploads a PDF that becomes Ready, then adds information to products and removes it', async () => {
    const { page, context } = await newPage(running.browser, running.server.url);
    const { token } = await signedIn(page, running.server.url);
    const shopId = await connectShopee(running.server.url, token);
    // The first sync brings the shop's catalogue in as a job.
    const catalogue = await until(
      () => apiCall<unknown[]>(running.server.url, token, 'GET', `/shopee/v1/${shopId}/search?search=baby`),
      (found) => found.length > 0,
    );
    expect(catalogue.length).toBeGreaterThan(0);

    // Train Chatbot, then its files and products.
    await page.goto(`/dashboard/shops/knowledge?shopId=${shopId}`);
    await page.getByRole('heading', { name: 'Train Chatbot' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Files & products' }).click();
    await page.getByRole('heading', { name: 'Manage Knowledge for Shop: Kedai Comel' }).waitFor();

    // A multi-page PDF: uploaded, processed, Ready.
    const file = join(tmpdir(), `shop-policies-${Date.now()}.pdf`);
    writeFileSync(file, await policyPdf());
    await page.getByRole('button', { name: 'Add files' }).click();
    await page.getByLabel('Knowledge file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByText('Your file has been successfully uploaded').waitFor();
    const card = page.locator('[data-file^="shop-policies-"]');
    await card.getByText(/Ready · \d+ passages/).waitFor({ timeout: 20_000 });
    const passages = Number(
      (await card.getByText(/Ready · \d+ passages/).textContent())?.match(/(\d+) passages/)?.[1],
    );
    expect(passages).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/knowledge-pdf.png' });

    // Products: search (3 characters or more), pick two products, add a question and its answer.
    await page.getByRole('tab', { name: 'Products' }).click();
    const search = page.getByLabel('Search products');
    await search.fill('romper');
    await page.getByRole('button', { name: /Cotton Baby Romper/ }).click();
    await search.fill('swaddle');
    await page.getByRole('button', { name: /Bamboo Swaddle Blanket/ }).click();
    const selected = page.getByRole('heading', { name: 'Selected products' }).locator('..');
    await selected.getByText('Cotton Baby Romper').waitFor();
    await selected.getByText('Bamboo Swaddle Blanket 120x120cm').waitFor();
    await page.screenshot({ path: 'test-results/products-selected.png' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('What shoppers ask').fill('Is the fabric safe for newborn skin?');
    await page
      .getByLabel('What the bot should tell them')
      .fill('Yes: both are OEKO-TEX certified, with no dyes or fragrance.');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog');
    await done.getByText('The new information has been successfully added to your products').waitFor();
    await done.getByRole('button', { name: 'Close' }).click();

    // The information is listed; its details remove it.
    const info = page.getByText('Is the fabric safe for newborn skin?');
    await info.waitFor();
    await page.screenshot({ path: 'test-results/products-info.png' });
    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await details.getByText('Yes: both are OEKO-TEX certified, with no dyes or fragrance.').waitFor();
    await details.getByRole('button', { name: 'Cotton Baby Romper' }).waitFor();
    await details.getByRole('button', { name: 'Remove all information for the following products' }).click();
    await details.waitFor({ state: 'detached' });
    await info.waitFor({ state: 'detached' });
    const left = await apiCall<unknown[]>(running.server.url, token, 'GET', `/shopee/v1/${shopId}/products`);
    expect(left).toEqual([]);
    await context.close();
  });
});
