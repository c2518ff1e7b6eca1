import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '#contract/paths.ts';
import { PublicSettingsResponseSchema, ServerTimeResponseSchema } from '#contract/settings.ts';
import { sendOk } from '#server/lib/reply.ts';
import type { SettingsService } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API.customSettings,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Public figures: the rules in force and statistics counted from the database',
        tags: ['settings'],
        response: { 200: PublicSettingsResponseSchema },
      },
    },
    async (_request, reply) => sendOk(reply, await settings.publicSettings()),
  );

  api.get(
    API.serverTime,
    {
      config: { access: 'public' },
      schema: {
        summary: "The server's clock, in seconds since the epoch",
        tags: ['settings'],
        response: { 200: ServerTimeResponseSchema },
      },
    },
    async (_request, reply) => sendOk(reply, settings.serverTime()),
  );
}
