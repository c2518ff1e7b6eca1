import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/** An ISO 4217 currency code ("USD", "CNY"). */
export const CurrencyCodeSchema = z.string().check(z.regex(/^[A-Z]{3}$/));

/**
 * The approximate price of 1 XRP from the operator's rate source (docs/exchange-rate.md): never a
 * constant, always with its source and the time it was quoted.
 */
export const XrpRateSchema = z.object({
  /** Who quoted it, as the source names itself ("CoinGecko"). */
  source: z.string(),
  /** When the source quoted these prices. */
  time: EpochSecondsSchema,
  /** After this the prices are too old to show: the app hides them (also from its offline cache). */
  fresh_until: EpochSecondsSchema,
  /** The price of 1 XRP in each currency the source carries, as exact decimal strings. */
  prices: z.record(CurrencyCodeSchema, DecimalSchema),
});
export type XrpRate = z.infer<typeof XrpRateSchema>;

/** `rate` is null when no source is configured or no fresh price is known. */
export const XrpRateResponseSchema = successSchema(z.object({ rate: z.nullable(XrpRateSchema) }));
