import { z } from 'zod/mini';
import { ErrorCodeSchema } from './errors.ts';

import { RESULT } from './result-codes.ts';

export { RESULT };

/** A successful envelope carrying `data` of the given schema. */
export function successSchema<T extends z.core.SomeType>(data: T) {
  return z.object({ code: z.literal(RESULT.ok), msg: z.string(), data });
}

/** Just the business code of any envelope. */
export const EnvelopeCodeSchema = z.object({ code: z.number().check(z.int()) });

export const FailureSchema = z.object({
  code: z.number().check(z.int()),
  msg: z.string(),
  // Other fields give detail to a code (e.g. when a lock ends); the code alone decides the message.
  data: z.looseObject({ error: z.string() }),
});

export type Failure = z.infer<typeof FailureSchema>;

/** What the server sends for a failure it expected; validated by its response schemas. */
export const KnownFailureSchema = z.object({
  code: z.number().check(z.int()),
  msg: z.string(),
  data: z.looseObject({ error: ErrorCodeSchema }),
});

/** Seconds since the epoch, as every time on the wire is. */
export const EpochSecondsSchema = z.number().check(z.int(), z.nonnegative());

/**
 * A whole number sent by a client: a JSON number, or its digits as text (query strings and forms carry
 * only text), then the checks given. Nothing else reads as a number: `true`, `[1]`, `"0x1"`, `" 1"`,
 * `"1e0"` and `""` are refused, where a plain coercion would read them as 1 or 0.
 */
export function wireInt(...checks: z.core.$ZodCheck<number>[]) {
  return z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\d{1,16}$/))]),
      z.transform((value: number | string) => Number(value)),
    ),
    z.number().check(z.int(), ...checks),
  );
}

/**
 * A time sent by a client, in seconds: bounded to what a date can hold (the end of year 9999), so that
 * no number reaches the database as an invalid date.
 */
export const EpochSecondsInputSchema = wireInt(z.nonnegative(), z.maximum(253_402_300_799));

/**
 * A text field of a request body: at most `maxLength` characters, and empty when missing: a missing
 * field reads as an empty one, which the handler refuses with its own code.
 */
export function bodyText(maxLength: number) {
  return z._default(z.string().check(z.maxLength(maxLength)), '');
}

/** An exact non-negative decimal amount of XRP, as a string (money is never a float). */
export const DecimalSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/));

/**
 * The body of a POST that takes no fields: nothing, or an object whose fields are ignored. Every POST
 * has a body schema, so no handler ever sees raw, unchecked input.
 */
// nullish: the Fastify zod provider hands an absent body to the schema as null.
export const EmptyBodySchema = z.nullish(z.object({}));
