import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { ledgerEntries } from '#server/db/schema.ts';
import { asForm, bodiesFor, type JsonSchema } from '#tests/helpers/fuzz-bodies.ts';
import { buildTestApp, envelope, login, postAs, register } from '#tests/helpers/app.ts';
import { backends, type TestDatabase } from '#tests/helpers/databases.ts';

/**
 * Requests derived from the API's own schemas (its OpenAPI document), bent the ways an attacker bends
 * them, over every POST route: JSON, forms and raw text, signed in or not. Whatever comes in, the
 * answer is never a 5xx and no money moves. `npm run fuzz` runs a longer series (FUZZ_REQUESTS).
 */
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 20_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

// The local PostgreSQL server when it is reachable (the engine production runs, and ten times
// faster per query than the embedded one), else PGlite.
const [backend] = (await backends()).reverse();
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  if (!backend) throw new Error('no database backend');
  database = await backend.create();
  app = await buildTestApp({
    database,
    env: {
      // Limits would answer most requests with 429 before they reach the code under test.
      LINK_ATTEMPT_LIMIT: '1000000',
      // No task can be finished during the run, so no valid request can credit anything either.
      DEMO_TASK_SECONDS: '86400',
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

interface OpenApi {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

async function ledgerState() {
  const [row] = await database.db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
    })
    .from(ledgerEntries);
  return { entries: row?.n ?? 0, total: row?.total ?? '0' };
}

describe('fuzzing every POST', () => {
  it(
    `answers ${REQUESTS.toLocaleString('en')} generated requests without a 5xx, and moves no money`,
    { timeout: 600_000 },
    async () => {
      await register(app, 'fuzz-target');
      // The fuzzing device signs in as a known device (its device cookie), as a person's phone would: the
      // wrong current passwords the fuzz sends lock unknown devices out, not this one, so it goes deep.
      const signedIn = await login(app, 'fuzz-target', 'secret12');
      let token = (envelope(signedIn).data['userInfo'] as { token: string }).token;
      const deviceCookie = String(signedIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      expect(deviceCookie).toMatch(/^earnest_device=/);
      // The gift is claimed before: every money-moving route is then one that must refuse.
      expect(
        envelope(await postAs(app, API.newUserReward, token, {}, { [IDEMPOTENCY_HEADER]: 'gift' })).code,
      ).toBe(1);
      const before = await ledgerState();

      const doc = app.swagger() as unknown as OpenApi;
      const routes = app.routeTable
        .filter((route) => route.method === 'POST' && route.url.startsWith('/api/'))
        .map((route) => ({
          url: route.url,
          bodies: bodiesFor(
            doc.paths[route.url]?.['post']?.requestBody?.content?.['application/json']?.schema,
          ),
        }));
      expect(routes.length).toBeGreaterThan(25);

      const request = fc.record({
        route: fc.integer({ min: 0, max: routes.length - 1 }),
        encoding: fc.constantFrom('json', 'json', 'json', 'form', 'form', 'raw'),
        caller: fc.constantFrom('user', 'user', 'user', 'none', 'garbage'),
        key: fc.oneof(
          fc.constant(undefined),
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constant('x'.repeat(300)),
        ),
        seed: fc.integer(),
      });
      const plans = fc.sample(request, { numRuns: REQUESTS, seed: SEED });
      const statuses = new Map<number, number>();
      const failures: string[] = [];

      for (const [index, plan] of plans.entries()) {
        const route = routes[plan.route];
        if (!route) continue;
        const [body] = fc.sample(route.bodies, { numRuns: 1, seed: plan.seed });
        const headers: Record<string, string> = {};
        if (plan.caller === 'user') headers[TOKEN_HEADER] = token;
        if (plan.caller === 'garbage') headers[TOKEN_HEADER] = `garbage-${index}`;
        if (plan.key !== undefined) headers[IDEMPOTENCY_HEADER] = `${plan.key}-${index}`;
        let payload: string;
        if (plan.encoding === 'form') {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = asForm(body);
        } else if (plan.encoding === 'raw') {
          headers['content-type'] = 'application/json';
          payload = (JSON.stringify(body) ?? '').slice(0, -1 - (index % 3));
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body) ?? 'null';
        }
        const response = await app.inject({ method: 'POST', url: route.url, payload, headers });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500 && failures.length < 10) {
          failures.push(
            `${route.url} ${plan.encoding} ${payload.slice(0, 200)} → ${response.body.slice(0, 200)}`,
          );
        }
        // A request that signed the fuzzing device out: sign in again, so later requests go deep.
        if (plan.caller === 'user' && (route.url === API.logout || response.statusCode === 401)) {
          const again = envelope(
            await app.inject({
              method: 'POST',
              url: API.checkIn,
              payload: { tab: 'login', username: 'fuzz-target', password: 'secret12' },
              headers: { cookie: deviceCookie },
            }),
          );
          token = (again.data['userInfo'] as { token: string } | undefined)?.token ?? token;
        }
      }

      const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      console.log(
        `fuzz on ${backend?.name}: ${plans.length} requests over ${routes.length} POST routes (seed ${SEED}) → ${summary.join(', ')}`,
      );
      expect(failures).toEqual([]);
      expect(await ledgerState()).toEqual(before);
    },
  );
});
