import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KnownFailureSchema } from '#contract/envelope.ts';
import { HistoryPageResponseSchema, HistoryQuerySchema } from '#contract/history.ts';
import { API } from '#contract/paths.ts';
import { sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { HistoryService } from './history.service.ts';

export async function historyRoutes(app: FastifyInstance, { history }: { history: HistoryService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API.history,
    {
      schema: {
        summary: "A page of the account's ledger, newest first, optionally one kind of entry",
        tags: ['history'],
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await history.page(sessionOf(request).userId, request.query)),
  );

  // Plain `app`: the answer is CSV text, not the JSON envelope the typed provider would serialise.
  app.get(
    API.historyCsv,
    {
      schema: {
        summary: 'The whole ledger of the account as CSV (RFC 4180; amounts in XRP, 6 decimals; times UTC)',
        tags: ['history'],
      },
    },
    async (request, reply) => {
      const csv = await history.csv(sessionOf(request).userId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', 'attachment; filename="earnest-history.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
