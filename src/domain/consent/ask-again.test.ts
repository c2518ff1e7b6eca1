import { describe, expect, it } from 'vitest';
import { ASK_AGAIN_AFTER_MS, mayAskAgain } from './ask-again.ts';

describe('asking again after a no (docs/product-rules.md#respect-no)', () => {
  const refusedAt = Date.UTC(2026, 10, 1, 12);

  it('asks when the user never refused', () => {
    expect(mayAskAgain(null, refusedAt)).toBe(true);
  });

  it('does not ask again within 7 days of a refusal, and may after', () => {
    expect(mayAskAgain(refusedAt, refusedAt + 1)).toBe(false);
    expect(mayAskAgain(refusedAt, refusedAt + ASK_AGAIN_AFTER_MS - 1)).toBe(false);
    expect(mayAskAgain(refusedAt, refusedAt + ASK_AGAIN_AFTER_MS)).toBe(true);
    expect(ASK_AGAIN_AFTER_MS).toBe(7 * 24 * 3600 * 1000);
  });
});
