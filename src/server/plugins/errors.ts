import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#contract/errors.ts';
import { CatalogueRefusal, sendFailure } from '#server/lib/reply.ts';
import { withoutQueryValues } from '#server/lib/logging.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue code for a request that fails its schema (default `request.invalid`). */
    invalidRequestError?: InvalidRequestError;
  }
}

/**
 * The catalogue code for input a route refuses: one for any fault, or one per top-level field, where a
 * fault in another field gets the generic `request.invalid` and a missing body misses the first field.
 */
export type InvalidRequestError = ErrorCode | { readonly [field: string]: ErrorCode };

function refusalOf(error: FastifyError, given: InvalidRequestError | undefined): ErrorCode {
  if (typeof given !== 'object') return given ?? 'request.invalid';
  for (const { instancePath } of error.validation ?? []) {
    const field = instancePath.split('/')[1] ?? '';
    const code = field === '' ? Object.values(given)[0] : given[field];
    if (code) return code;
  }
  return 'request.invalid';
}

/**
 * The one error handler. Input the schemas refuse gets a catalogue message and changes nothing;
 * anything unexpected is logged with its context and masked as "An error occurred".
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CatalogueRefusal) return sendFailure(reply, error.error);
    const status = error.statusCode ?? 500;
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendFailure(reply, refusalOf(error, request.routeOptions.config.invalidRequestError));
    }
    if (status === 429) return sendFailure(reply, 'request.rate_limited');
    if (status === 413) return sendFailure(reply, 'request.too_large');
    if (status === 404) return sendFailure(reply, 'request.not_found');
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type, an empty body: the client's input, not our fault.
      request.log.info({ err: error }, 'refused a malformed request');
      return sendFailure(reply, refusalOf(error, request.routeOptions.config.invalidRequestError));
    }
    // The query's values may be what someone searched for (an e-mail, a phone): names only.
    request.log.error(
      { err: error, url: withoutQueryValues(request.url), method: request.method },
      'request failed',
    );
    return sendFailure(reply, 'server.error');
  });
}
