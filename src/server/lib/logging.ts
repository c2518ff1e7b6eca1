import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
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

/**
 * A logged URL keeps its path and the names of its query parameters, never their values: an
 * operator's search carries the e-mail, name or address searched for.
 */
export function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=[redacted]`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** Fastify's request serializer, with the URL's query values left out. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: withoutQueryValues(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The server's logger options: level, redaction, and where lines go (tests pass a stream). */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
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
