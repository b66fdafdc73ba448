import { describe, expect, it } from 'vitest';
import {
  cutText,
  decodeEntities,
  htmlToText,
  InputTooDeepError,
  maxInputDepth,
  normalizeInput,
  normalizeText,
} from './text.ts';

describe('normalizeText', () => {
  it('removes NUL and replaces unpaired surrogates, keeping pairs and plain text as they are', () => {
    expect(normalizeText('a\u0000b')).toBe('ab');
    expect(normalizeText('x\ud800y')).toBe('x\uFFFDy');
    expect(normalizeText('\udfffend')).toBe('\uFFFDend');
    expect(normalizeText('end\ud83d')).toBe('end\uFFFD');
    expect(normalizeText('\udc00\ud800')).toBe('\uFFFD\uFFFD');
    expect(normalizeText('emoji 😀 and 中文')).toBe('emoji 😀 and 中文');
    const plain = 'nothing to change';
    expect(normalizeText(plain)).toBe(plain);
  });
});

describe('normalizeInput', () => {
  it('normalizes strings at every depth, keys included, and leaves other values alone', () => {
    const date = new Date(0);
    expect(
      normalizeInput({ 'k\u0000': ['v\ud800', 1, null, true, { deep: 'a\u0000' }], date, n: 2 }),
    ).toEqual({ k: ['v\uFFFD', 1, null, true, { deep: 'a' }], date, n: 2 });
    expect(normalizeInput('x\u0000')).toBe('x');
    const bytes = Buffer.from('a\u0000');
    expect(normalizeInput(bytes)).toBe(bytes);
    const query = Object.assign(Object.create(null), { search: 'a\u0000b' });
    expect(normalizeInput(query)).toEqual({ search: 'ab' });
    const poisoned = normalizeInput(JSON.parse('{"__proto__": {"admin": true}}'));
    expect(Object.getPrototypeOf(poisoned)).toBe(Object.prototype);
    expect(Object.hasOwn(poisoned, '__proto__')).toBe(true);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
    expect(normalizeInput(undefined)).toBeUndefined();
  });

  it('refuses input nested deeper than the limit', () => {
    const nest = (levels: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(() => normalizeInput(nest(maxInputDepth))).not.toThrow();
    expect(() => normalizeInput(nest(maxInputDepth + 1))).toThrow(InputTooDeepError);
    expect(() => normalizeInput(nest(100_000))).toThrow(InputTooDeepError);
  });
});

describe('htmlToText', () => {
  it('reads a Lazada description: list items as lines ending as sentences, entities decoded', () => {
    expect(
      htmlToText(
        '<ul><li>Folds flat for storage, with a temperature-sensing drain plug.</li><li>For 0&#45;3 years</li>' +
          '<li>BPA free &amp; dishwasher safe</li><li>(Ships in 1-2 days)</li></ul>',
      ),
    ).toBe(
      'Folds flat for storage, with a temperature-sensing drain plug.\nFor 0-3 years.\n' +
        'BPA free & dishwasher safe.\n(Ships in 1-2 days).',
    );
    expect(htmlToText('<ul><li>可机洗</li><li>Colours:<ul><li>Mint</li><li>Peach!</li></ul></li></ul>')).toBe(
      '可机洗。\nColours:\nMint.\nPeach!',
    );
  });

  it('makes blocks and <br> line breaks and collapses the spaces of the source', () => {
    expect(
      htmlToText(
        '<div class="desc">\n  <h3>Cotton&nbsp;Romper</h3>\n  <p>Soft and\n     warm.<br/>Wash at 30&deg;C&#x2c; dry in shade.</p>' +
          '<p><strong>Size</strong> chart:</p><table><tr><td>S</td><td>80 cm</td></tr><tr><th>M</th><td>90 cm</td></tr></table></div>',
      ),
    ).toBe('Cotton Romper\nSoft and warm.\nWash at 30°C, dry in shade.\nSize chart:\nS 80 cm\nM 90 cm');
    expect(htmlToText('<pre>line 1\n  line 2</pre>after')).toBe('line 1\nline 2\nafter');
  });

  it('drops scripts, styles, comments and declarations, and attributes whatever they hold', () => {
    expect(
      htmlToText(
        '<!DOCTYPE html><?xml version="1.0"?><style>p { color: red }</style><SCRIPT type="x">if (a < b) alert("<p>hi</p>")</SCRIPT>' +
          '<!-- <p>hidden</p> --><p title="a > b" data-x=\'it"s\' alt=it\'s>Shown</p><script src="x.js"/>too' +
          '<![CDATA[ raw <text> ]]>',
      ),
    ).toBe('Shown\ntoo raw');
    expect(htmlToText('<p>kept</p><script>never closed <p>lost</p>')).toBe('kept');
    expect(htmlToText('<p>kept</p><!-- never closed')).toBe('kept');
  });

  it('reads markup escaped once or twice more, keeping the lines of what was read before', () => {
    expect(htmlToText('Line one\n&lt;b&gt;Two&lt;/b&gt;')).toBe('Line one\nTwo');
    expect(htmlToText('&lt;ul&gt;&lt;li&gt;Folds flat&lt;/li&gt;&lt;/ul&gt;')).toBe('Folds flat.');
    expect(htmlToText('<p>&amp;lt;b&amp;gt;Bold&amp;lt;/b&amp;gt; &amp;amp; more</p>')).toBe('Bold & more');
  });

  it('leaves text without markup as it is, lines included, but for its entities', () => {
    const plain = 'Size < 10cm & 5 > 3, <3 for kids\n- BPA free\n\nR&D tested; AT&T';
    expect(htmlToText(plain)).toBe(plain);
    expect(htmlToText('Price <RM50 today')).toBe('Price <RM50 today');
    expect(htmlToText('Tom &amp; Jerry\nline two')).toBe('Tom & Jerry\nline two');
  });

  it('decodes numeric and named references, refusing what is no character', () => {
    expect(
      decodeEntities('&#233;&#xE9;&#XE9;&eacute;&#8364;&euro;&hellip;&#150;&#0;&#xD800;&#1114112;'),
    ).toBe('ééé\u00e9€€…–\uFFFD\uFFFD\uFFFD');
    expect(decodeEntities('&unknown; &amp &constructor; &#; &#x; &')).toBe(
      '&unknown; &amp &constructor; &#; &#x; &',
    );
    expect(decodeEntities('a&nbsp;b&shy;c&lrm;')).toBe('a bc');
  });

  it('takes linear time on hostile input', () => {
    const n = 400_000;
    const hostile = [
      '<'.repeat(n),
      '<a'.repeat(n / 2),
      '<a x="'.repeat(n / 6),
      "<a x='".repeat(n / 6),
      '<a x="y">'.repeat(n / 9),
      '&'.repeat(n),
      '&#'.repeat(n / 2),
      '&#x1'.repeat(n / 4),
      '&aaaa'.repeat(n / 5),
      '&amp;'.repeat(n / 5),
      `&${'amp;'.repeat(n / 4)}lt;`,
      '<!--'.repeat(n / 4),
      '<script>'.repeat(n / 8),
      '<style></style'.repeat(n / 14),
      '<li>x'.repeat(n / 5),
      `${'<p>'.repeat(n / 6)}${'a '.repeat(n / 4)}`,
      '</a'.repeat(n / 3),
      '<![CDATA['.repeat(n / 9),
    ];
    for (const input of hostile) {
      const started = performance.now();
      htmlToText(input);
      expect(performance.now() - started, input.slice(0, 12)).toBeLessThan(1000);
    }
  });
});

describe('cutText', () => {
  it('keeps a short text, and never ends a cut text in half a surrogate pair', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('ab😀', 4)).toBe('ab😀');
  });
});
