import type { FastifyInstance } from 'fastify';
import { API } from '#contract/paths.ts';
import { PublicSettingsResponseSchema, ServerTimeResponseSchema } from '#contract/settings.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { SettingsService } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  const routes = featureRoutes(app, ['settings']);
  const summary = 'Public figures: the rules in force and statistics counted from the database';
  routes.get(API.customSettings, { summary, response: PublicSettingsResponseSchema, access: 'public' }, () =>
    settings.publicSettings(),
  );
  routes.get(
    API.serverTime,
    {
      summary: "The server's clock, in seconds since the epoch",
      response: ServerTimeResponseSchema,
      access: 'public',
    },
    () => settings.serverTime(),
  );
}
