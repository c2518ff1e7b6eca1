import { z } from 'zod';

/**
 * The operator's rate source (RATE_SOURCE_URL): an HTTP GET that answers the JSON documented in
 * docs/exchange-rate.md, for example a small proxy in front of a public price API:
 *
 *   { "source": "CoinGecko", "time": 1767225600, "prices": { "USD": "2.1345", "CNY": "15.48" } }
 *
 * Everything is checked before it is believed; a document that fails any check is refused whole.
 */

/** A positive decimal, as a string or a JSON number (never an exponent: "1e-7" is refused). */
const PriceSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,15}(\.\d{1,18})?$/.test(text) || /^0*(\.0*)?$/.test(text)) {
    context.addIssue({ code: 'custom', message: `not a positive decimal price: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return text;
});

export const RateDocumentSchema = z.object({
  /** The name users are shown beside the price. */
  source: z.string().trim().min(1).max(60),
  /** When the prices were quoted, in seconds since the epoch. */
  time: z.number().int().positive(),
  /** The price of 1 XRP by ISO 4217 code. */
  prices: z
    .record(z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code in capitals'), PriceSchema)
    .refine((prices) => Object.keys(prices).length > 0, 'no prices'),
});
export type RateDocument = z.infer<typeof RateDocumentSchema>;

/** Larger answers are not a price list: refused unread. */
const MAX_BYTES = 64 * 1024;

export interface RateSource {
  /** The source's current document; throws with the reason when it cannot be had or believed. */
  fetchDocument(): Promise<RateDocument>;
}

export function httpRateSource(url: string, timeoutMs: number): RateSource {
  return {
    async fetchDocument() {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`the rate source answered HTTP ${response.status}`);
      if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) {
        throw new Error('the rate source answered more than 64 KB');
      }
      const text = await response.text();
      if (text.length > MAX_BYTES) throw new Error('the rate source answered more than 64 KB');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error('the rate source did not answer JSON');
      }
      const parsed = RateDocumentSchema.safeParse(json);
      if (!parsed.success) {
        throw new Error(
          `the rate source's document is not the documented shape: ${z.prettifyError(parsed.error)}`,
        );
      }
      return parsed.data;
    },
  };
}
