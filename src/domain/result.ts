/**
 * An expected outcome: a value, or a failure named by a stable error code, with optional detail
 * fields that travel beside the code (e.g. when a lock ends).
 */
export type Result<T, E extends string> =
  { ok: true; value: T } | { ok: false; error: E; detail?: Record<string, unknown> };

/** Wraps a successful value. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps an expected failure. */
export function fail<E extends string>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** An expected failure with detail fields for the caller (times, reasons). */
export function failWith<E extends string>(
  error: E,
  detail: Record<string, unknown>,
): { ok: false; error: E; detail: Record<string, unknown> } {
  return { ok: false, error, detail };
}

/** The same outcome with its value changed (a failure passes through as it is). */
export function mapOk<T, U, E extends string>(result: Result<T, E>, change: (value: T) => U): Result<U, E> {
  return result.ok ? ok(change(result.value)) : result;
}
