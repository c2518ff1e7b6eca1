/** An expected outcome: a value, or a failure named by a stable error code. */
export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a successful value. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps an expected failure. */
export function fail<E extends string>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
