import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '#contract/errors.ts';
import { OPS_ERRORS } from '#contract/ops-errors.ts';

/**
 * The error catalogue's words live once: what users read is the app's Lingui message for each code
 * (src/app/lib/error-messages.ts, translated in every catalog); the server's English `msg` for other
 * clients and logs must say exactly the same, so the two can never drift apart.
 */
const source = readFileSync(new URL('../../src/app/lib/error-messages.ts', import.meta.url), 'utf8');
const messagesIn = (text: string) =>
  new Map(
    [...text.matchAll(/^\s*'([\w.]+)': msg`((?:[^`\\]|\\.)*)`,?$/gm)].map(([, code, message]) => [
      code,
      message,
    ]),
  );
const appMessages = messagesIn(source);
// The operator console keeps its codes' messages in its own catalog (docs/operators.md).
const consoleMessages = messagesIn(
  readFileSync(new URL('../../src/app/features/ops/lib/ops-error-messages.ts', import.meta.url), 'utf8'),
);

describe('the error catalogue', () => {
  it("reads the app's message of every code", () => {
    expect(appMessages.size).toBeGreaterThanOrEqual(Object.keys(ERRORS).length);
  });

  it("has the server say, in English, exactly the app's message for every code", () => {
    const differing = Object.entries(ERRORS)
      .filter(([code, { msg }]) => appMessages.get(code) !== msg)
      .map(([code, { msg }]) => ({ code, server: msg, app: appMessages.get(code) }));
    expect(differing).toEqual([]);
  });

  it("has the server say, in English, exactly the console's message for every operator code", () => {
    const differing = Object.entries(OPS_ERRORS)
      .filter(([code, { msg }]) => consoleMessages.get(code) !== msg)
      .map(([code, { msg }]) => ({ code, server: msg, console: consoleMessages.get(code) }));
    expect(consoleMessages.size).toBe(Object.keys(OPS_ERRORS).length);
    expect(differing).toEqual([]);
  });
});
