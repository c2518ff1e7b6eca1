import type { FastifyBaseLogger } from 'fastify';

/** Sends one SMS. The HTTP provider when configured; otherwise a development sink. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** A provider reached over HTTP: POST {to, text} as JSON with a bearer token. */
export function httpSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

/**
 * Development only: the text goes to the server log. In production it refuses, so a server without a
 * provider never pretends to have sent a code.
 */
export function logSmsSink(log: FastifyBaseLogger, production: boolean): SmsSender {
  return {
    async send(to, text) {
      if (production) throw new Error('no SMS provider configured (SMS_PROVIDER_URL)');
      log.warn({ to, text }, 'development SMS sink: this message was NOT sent');
    },
  };
}

/** Tells `count` how each send went (the metrics), passing the outcome on unchanged. */
export function countedSms(sender: SmsSender, count: (outcome: 'sent' | 'failed') => void): SmsSender {
  return {
    async send(to, text) {
      try {
        await sender.send(to, text);
        count('sent');
      } catch (error) {
        count('failed');
        throw error;
      }
    },
  };
}
