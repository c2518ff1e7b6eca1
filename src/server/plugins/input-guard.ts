import type { FastifyInstance } from 'fastify';
import { sendFailure } from '#server/lib/reply.ts';

/** Deeper than any request of ours nests; deeper input is refused before anything walks it. */
const MAX_DEPTH = 16;
// Control characters: no name, address, code or answer of ours contains one (tab and newlines
// neither: every field is one line), and a NUL breaks PostgreSQL text. C1 controls likewise; and half
// of a surrogate pair is no character at all: PostgreSQL refuses it in JSON and silently turns it into
// U+FFFD in text, so two different names could be stored as one.
const CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Problem = 'control' | 'deep' | null;

/** Looks through parsed input without recursion, so no depth of nesting can overflow the stack. */
export function inspectInput(input: unknown): Problem {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() ?? { value: null, depth: 0 };
    if (typeof value === 'string') {
      if (CONTROL.test(value)) return 'control';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return 'deep';
      for (const [key, item] of Object.entries(value)) {
        if (CONTROL.test(key)) return 'control';
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * One guard for every route, old and new, before its schema: control characters get a clear message,
 * nesting no request of ours has is refused, a GET with a body is refused instead of ignored, and an
 * empty text body is no body.
 * Routes then validate what is left with their own schemas.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (
      request.method === 'GET' &&
      request.headers['content-length'] &&
      request.headers['content-length'] !== '0'
    ) {
      return sendFailure(reply, 'request.invalid');
    }
    // An empty body sent as text is no body: what `fetch` makes of an empty string, as service
    // workers of earlier releases replayed a claim kept offline (sw/queue-replay.ts).
    if (request.body === '') request.body = undefined;
    const problem = inspectInput(request.body) ?? inspectInput(request.query);
    if (problem === 'control') return sendFailure(reply, 'request.control_characters');
    if (problem === 'deep') return sendFailure(reply, 'request.invalid');
  });
}
