import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkText, parseCsv, splitSentences } from './chunk.ts';
import { sentencesOf } from './sentences.ts';

const sentence = (i: number) => `Sentence number ${i} explains one more policy detail for shoppers.`;

describe('splitSentences', () => {
  it('splits on sentence ends and lines, not on list numbers, abbreviations or decimals', () => {
    expect(
      splitSentences('Pay RM14.90 now. No. 21, Jalan SR 8/3 is ours!\n1. Log in.\n2. Open Orders.'),
    ).toEqual(['Pay RM14.90 now.', 'No. 21, Jalan SR 8/3 is ours!', '1. Log in.', '2. Open Orders.']);
  });

  it('splits Chinese sentences without spaces', () => {
    expect(splitSentences('西马一般1至3天到货。东马需要更久！')).toEqual([
      '西马一般1至3天到货。',
      '东马需要更久！',
    ]);
  });
});

describe('chunkText', () => {
  it('makes chunks of about the target size on sentence boundaries', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text, { size: 500 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(600);
      expect(c.text.trim()).toMatch(/\.$/);
    }
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it('overlaps consecutive chunks by one short sentence', () => {
    const text = Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ');
    const [first, second] = chunkText(text, { size: 300 });
    const lastOfFirst = splitSentences(first!.text).at(-1)!;
    expect(second!.text.startsWith(lastOfFirst)).toBe(true);
  });

  it('repeats the section heading in a chunk that starts mid-section', () => {
    const text = `== Refund policy ==\n\n${Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ')}`;
    const chunks = chunkText(text, { size: 300 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks)
      expect(c.text.startsWith('== Refund policy ==') || c.text.startsWith('Refund policy')).toBe(true);
  });

  it('keeps paragraphs whole when they fit', () => {
    const chunks = chunkText('First paragraph here.\n\nSecond paragraph here.', { size: 500 });
    expect(chunks).toEqual([{ ordinal: 0, text: 'First paragraph here.\nSecond paragraph here.' }]);
  });

  it('cuts an overlong sentence on word boundaries', () => {
    const chunks = chunkText(`${'word '.repeat(300)}end.`, { size: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(260);
  });
});

describe('chunkDocument', () => {
  const textOf = (fileName: string, text: string) =>
    chunkDocument(fileName, text, { size: 2000 })
      .map((c) => c.text)
      .join('\n');

  it('reads a PDF as paragraphs: wrapped lines and hyphenated words rejoined, running lines gone', () => {
    // Two pages as unpdf gives them: a line per printed line, a running header and a footer with
    // the page number, a sentence and a word broken across lines and across the page.
    const page = (n: number, lines: string[]) =>
      ['Kedai Contoh Sdn. Bhd. | Terms of Sale', ...lines, `Kedai Contoh | Version 2 Page ${n} of 2`].join(
        '\n',
      );
    const pdf = [
      page(1, [
        'Terms of Sale',
        '1. Delivery',
        'Orders paid before 3 pm are packed on the same working day and reach West Malay-',
        'sia in 2 to 3 working days. Parcels to Sabah and Sarawak take 5 to 7 working',
        'days. Bulky items ship separately.',
        '2. Returns',
        'Unused items may be returned within 7 days of delivery in their original box with',
        'all accessories, tags and the free gift that came with them. Refunds are made to',
      ]),
      page(2, [
        'the original payment method within 14 days. The buyer pays the return postage',
        'unless the item arrived damaged, and a face-to-face exchange at our shop is free.',
        'Returns of kanak-kanak clothing must be unworn; barang-barang kecil are final sa-',
        'le.',
        '3',
      ]),
    ].join('\n\n');
    const text = textOf('terms.pdf', pdf);
    expect(text).not.toMatch(/Terms of Sale\n.*Terms of Sale|Page \d|Version 2|\n3\n|Kedai Contoh \|/);
    expect(text).toContain('# 1. Delivery');
    expect(text).toContain('# 2. Returns');
    expect(text).toContain(
      'Orders paid before 3 pm are packed on the same working day and reach West Malaysia in 2 to 3 working days. Parcels to Sabah and Sarawak take 5 to 7 working days. Bulky items ship separately.',
    );
    // The sentence cut by the page break is one sentence again, and a real hyphen stays.
    expect(splitSentences(text)).toContain('Refunds are made to the original payment method within 14 days.');
    expect(text).toContain('a face-to-face exchange');
    expect(text).toContain('barang-barang kecil are final sale.');
  });

  it('keeps a PDF list as lines and its short title lines as titles', () => {
    const pdf = [
      'Care Guide',
      'Finish each product within the period below, counted from the day you first open it, even',
      'if the printed expiry date is later:',
      '- Cleanser: 12 months after opening',
      '- Serum: 6 months after opening',
      'Storage',
      'Store all products below 30 degrees Celsius and away from direct sunlight, never in a car.',
    ].join('\n');
    expect(chunkDocument('care.pdf', pdf).map((c) => c.text)).toEqual([
      '# Care Guide\nFinish each product within the period below, counted from the day you first open it, even if the printed expiry date is later:\n- Cleanser: 12 months after opening\n- Serum: 6 months after opening',
      '# Storage\nStore all products below 30 degrees Celsius and away from direct sunlight, never in a car.',
    ]);
  });

  it('turns each CSV row into a sentence built from its header, quoted cells with commas kept whole', () => {
    const csv =
      'service,pet,coat,price\nGrooming,cat,long hair,RM90\n"Bath, nails and ears",dog,short,RM45\n';
    expect(parseCsv(csv)[2]).toEqual(['Bath, nails and ears', 'dog', 'short', 'RM45']);
    expect(textOf('grooming.csv', csv)).toBe(
      'Grooming, cat, long hair: RM90.\nBath, nails and ears, dog, short: RM45.',
    );
    // Figures say what they are by their header; a currency or unit in the header goes with the figure.
    const sizes =
      'size,chest_cm,length (cm),price_rm,member_price_rm,ready_in_working_days\nM,96,68,39.90,35,3\nXL,106,72,45,,5\n';
    expect(textOf('sizes.csv', sizes)).toBe(
      'size M: chest 96 cm, length 68 cm, price RM39.90, member price RM35, ready in 3 working days.\nsize XL: chest 106 cm, length 72 cm, price RM45, ready in 5 working days.',
    );
    expect(textOf('faq.csv', 'Question,Answer\nDo you ship to Brunei?,"No, Malaysia only."\n')).toBe(
      'Q: Do you ship to Brunei?\nNo, Malaysia only.',
    );
  });

  it('reads a JSON FAQ as question/answer pairs, never showing its keys', () => {
    const faq = JSON.stringify([
      { question: 'Do you ship to Brunei?', answer: 'No, we ship within Malaysia only.' },
      { question: 'Saya mahu membeli secara borong.', answer: 'Borong bermula dengan 50 unit.' },
    ]);
    expect(textOf('faq.json', faq)).toBe(
      'Q: Do you ship to Brunei?\nNo, we ship within Malaysia only.\nQ: Saya mahu membeli secara borong.\nBorong bermula dengan 50 unit.',
    );
    const [first, second] = chunkDocument('faq.json', faq).flatMap((c) =>
      sentencesOf(c.text).filter((s) => !s.skip),
    );
    expect(first).toMatchObject({
      text: 'No, we ship within Malaysia only.',
      section: 'Do you ship to Brunei?',
    });
    expect(second).toMatchObject({
      text: 'Borong bermula dengan 50 unit.',
      section: 'Saya mahu membeli secara borong?',
    });
  });

  it('finds the pairs of a nested CMS export under their group titles, without its metadata', () => {
    const cms = JSON.stringify({
      export: 'helpdesk-faq',
      locale: 'en-MY',
      updated: '2025-11-20',
      data: {
        categories: [
          {
            id: 7,
            name: 'Delivery',
            entries: [
              {
                id: 'a1',
                attributes: {
                  q: { en: 'How long does delivery take?', ms: 'Berapa lama penghantaran?' },
                  a: {
                    en: '<p>2 to 3 <strong>working</strong> days.</p>',
                    ms: '<p>2 hingga 3 hari bekerja.</p>',
                  },
                },
              },
            ],
          },
          {
            name: 'Payment',
            entries: [{ faq_question: 'Can I pay by card?', faq_answer: 'Yes, Visa and Mastercard.' }],
          },
        ],
      },
    });
    expect(textOf('help.json', cms)).toBe(
      [
        '# Delivery',
        'Q: How long does delivery take?',
        '2 to 3 working days.',
        'Q: Berapa lama penghantaran?',
        '2 hingga 3 hari bekerja.',
        '# Payment',
        'Q: Can I pay by card?',
        'Yes, Visa and Mastercard.',
      ].join('\n'),
    );
  });

  it('reads other JSON as records and key/value lines', () => {
    const rates = JSON.stringify({
      rates: [
        { region: 'Sabah', first_kg_rm: 12, extra_kg_rm: 5 },
        { region: 'Sarawak', first_kg_rm: 12, extra_kg_rm: 5 },
      ],
      opening_hours: 'Monday to Friday, 9am to 6pm',
    });
    expect(textOf('rates.json', rates)).toBe(
      'Sabah: first kg RM12, extra kg RM5.\nSarawak: first kg RM12, extra kg RM5.\nopening hours: Monday to Friday, 9am to 6pm',
    );
  });

  it('reads a Word file: titles over their paragraphs, a table as row sentences', () => {
    // mammoth's raw text: a paragraph per block, a table's cells one after another.
    const raw = [
      'Size Guide',
      'Choose your size before you order; our cut runs small.',
      'Court Shoes',
      'Measure your foot from heel to toe, in centimetres.',
      'UK size',
      'EU size',
      'Foot length (cm)',
      '6',
      '39',
      '24.5',
      '7',
      '40.5',
      '25.4',
      '8',
      '42',
      '26.2',
      'Grips',
      'G5 is the smallest grip we sell.',
    ].join('\n\n');
    expect(textOf('guide.docx', raw)).toBe(
      [
        '# Size Guide',
        'Choose your size before you order; our cut runs small.',
        '# Court Shoes',
        'Measure your foot from heel to toe, in centimetres.',
        'UK size 6: EU size 39, Foot length 24.5 cm.',
        'UK size 7: EU size 40.5, Foot length 25.4 cm.',
        'UK size 8: EU size 42, Foot length 26.2 cm.',
        '# Grips',
        'G5 is the smallest grip we sell.',
      ].join('\n'),
    );
    // The same file as mammoth's HTML, where headings and tables are marked.
    const html =
      '<h1>Size Guide</h1><p>Choose your size before you order; our cut runs small.</p><h2>Court Shoes</h2>' +
      '<table><tr><td><p>UK size</p></td><td><p>EU size</p></td></tr><tr><td><p>6</p></td><td><p>39</p></td></tr></table>' +
      '<ul><li>Wide feet &amp; high arches: one size up</li></ul>';
    expect(textOf('guide.docx', html)).toBe(
      '# Size Guide\nChoose your size before you order; our cut runs small.\n# Court Shoes\nUK size 6: EU size 39.\n- Wide feet & high arches: one size up',
    );
  });

  it('turns Markdown table rows in a text file into sentences', () => {
    expect(
      textOf('rates.md', 'Shipping\n\n| Region | Fee |\n|---|---|\n| Sabah | RM12 |\n| Labuan | RM14 |'),
    ).toBe('Shipping\nSabah: RM12.\nLabuan: RM14.');
  });

  it('keeps a FAQ question with its answer when the answer runs into the next chunk', () => {
    const long = Array.from({ length: 8 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument('faq.json', JSON.stringify([{ q: 'What is your policy?', a: long }]), {
      size: 300,
    });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.text.startsWith('Q: What is your policy?')).toBe(true);
  });

  it('reads hostile files in linear time', () => {
    const SIZE = 100_000;
    const hostile = [
      'a'.repeat(SIZE),
      'ab\n'.repeat(SIZE / 3),
      'Ab\n\n'.repeat(SIZE / 4),
      '12\n\n'.repeat(SIZE / 4),
      'ab-\ncd-\n'.repeat(SIZE / 8),
      '| a | b |\n'.repeat(SIZE / 10),
      '<td>'.repeat(SIZE / 4),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ];
    for (const input of hostile) {
      for (const name of ['x.pdf', 'x.docx', 'x.json']) {
        const start = performance.now();
        chunkDocument(name, input);
        expect(performance.now() - start, `${name} ${input.slice(0, 8)}`).toBeLessThan(1500);
      }
    }
  });

  it('treats unreadable JSON as text', () => {
    expect(chunkDocument('broken.json', '{ not json. Still text.')[0]!.text).toContain('not json');
  });
});
