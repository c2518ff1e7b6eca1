import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN, TOKEN_HEADER } from '#contract/paths.ts';

/**
 * What a log line may never hold: passwords and their hashes, tokens and cookies, phone numbers,
 * withdrawal addresses, names and e-mails (request bodies, with their codes, are never logged). Fields are censored wherever they appear (two levels deep, which
 * covers bodies and errors), and a database error's message loses its query parameters, which
 * carried a new account's password hash when an insert failed.
 */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'confirm_password',
  'passwordHash',
  'password_hash',
  'token',
  'fcmtoken',
  'secret',
  'ack',
  'phone',
  'walletaddress',
  'address',
  'tag',
  'email',
  'username',
];

export const REDACT_PATHS = [
  `req.headers["${TOKEN_HEADER}"]`,
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["cf-turnstile-response"]',
  'res.headers["set-cookie"]',
  'err.params',
  'err.query',
  'err.cause.params',
  'err.cause.query',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Drops the parameter list drizzle and the drivers append to a failed query's message. */
export function withoutQueryParams(message: string): string {
  return message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
}

function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as ReturnType<typeof pino.stdSerializers.err> & {
    cause?: unknown;
  };
  serialized.message = withoutQueryParams(serialized.message);
  if (serialized.stack) serialized.stack = withoutQueryParams(serialized.stack);
  return serialized;
}

/** The server's logger options: level, redaction, and where lines go (tests pass a stream). */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The id a request is logged under: the one the app sent (src/app/lib/http.ts), when it is one, so
 * the app's report and the server's lines meet; otherwise a new one. Anything else a client puts in
 * the header is not trusted into the log.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
}
