import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '#contract/paths.ts';
import { catalogueEntry } from '#contract/ops-errors.ts';
import { failureEnvelope } from './reply.ts';

/**
 * What a request too malformed for HTTP to read gets (a garbled request line, a bad header, a length
 * that is not a number, headers past the limit): the catalogue's envelope, a request id and the
 * security headers, as every other answer has, instead of Node's or Fastify's own English body. The
 * connection closes: what follows on it cannot be read either.
 */
export function clientErrorHandlerOf(securityHeaders: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'request.too_large' : 'request.invalid';
    // Headers past the limit are 431 in HTTP's words; the catalogue's body says the same thing.
    const status = code === 'request.too_large' ? 431 : catalogueEntry(code).status;
    const body = JSON.stringify(failureEnvelope(code));
    const headers = {
      ...securityHeaders,
      [REQUEST_ID_HEADER]: randomUUID(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`);
  };
}
