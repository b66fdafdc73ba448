import { composerWords, limits } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { imageProblem } from './image-problem.ts';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('a picture checked before it is uploaded', () => {
  it('takes JPEG, PNG, WebP and GIF up to the limit, WebP not on Shopee', () => {
    expect(imageProblem({ providerName: 'shopee' }, file('image/png', 1000))).toBeNull();
    expect(imageProblem({ providerName: 'lazada' }, file('image/webp', 1000))).toBeNull();
    expect(imageProblem({ providerName: 'shopee' }, file('image/webp', 1000))).toBe(
      composerWords.imageWrongType('shopee'),
    );
    expect(imageProblem({ providerName: 'website' }, file('image/svg+xml', 10))).toBe(
      composerWords.imageWrongType('website'),
    );
  });

  it('says the size of a picture over the limit, never as the limit itself', () => {
    const over = limits.chatImageMaxBytes + 1;
    expect(imageProblem({ providerName: 'lazada' }, file('image/jpeg', over))).toBe(
      'This picture is 2.1 MB. Pictures can be at most 2 MB.',
    );
    expect(imageProblem({ providerName: 'lazada' }, file('image/jpeg', limits.chatImageMaxBytes))).toBeNull();
  });
});
