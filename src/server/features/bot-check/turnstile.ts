import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { BOT_TOKEN_HEADER } from '#contract/paths.ts';
import { sendFailure } from '#server/lib/reply.ts';

export type BotVerdict = 'passed' | 'failed' | 'unreachable';

/** Cloudflare Turnstile's siteverify: the token the widget gave the page, checked by the server. */
export function turnstileVerifier(secret: string, verifyUrl: string) {
  return async function verify(token: string, ip: string): Promise<BotVerdict> {
    if (token === '' || token.length > 2048) return 'failed';
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) return 'unreachable';
      const body = (await response.json()) as { success?: unknown };
      return body.success === true ? 'passed' : 'failed';
    } catch {
      return 'unreachable';
    }
  };
}

/**
 * A preHandler for register, login and SMS sending when a bot challenge is configured. Never put on
 * a route whose requests may be queued offline: a queued replay has no fresh token. When siteverify
 * cannot be reached the request is denied (failing open would let every bot through).
 */
export function requireBotCheck(
  verify: ((token: string, ip: string) => Promise<BotVerdict>) | null,
): preHandlerHookHandler {
  return async function botCheck(request: FastifyRequest, reply: FastifyReply) {
    if (!verify) return;
    const header = request.headers[BOT_TOKEN_HEADER];
    const token = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
    const verdict = await verify(token, request.ip);
    if (verdict === 'failed') return sendFailure(reply, 'bot.check_failed');
    if (verdict === 'unreachable') return sendFailure(reply, 'bot.check_unavailable');
  };
}
