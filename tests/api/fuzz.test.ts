import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { ledgerEntries } from '#server/db/schema.ts';
import { asForm, bodiesFor, queriesFor, type JsonSchema } from '#tests/helpers/fuzz-bodies.ts';
import { envelope, login, postAs, register, useTestApp } from '#tests/helpers/app.ts';
import { backends } from '#tests/helpers/databases.ts';

/**
 * Requests derived from the API's own schemas (its OpenAPI document) — valid values, values on and
 * just past each field's limits, and hostile ones — over every POST route as JSON, forms and raw text,
 * and every GET route with odd query strings, signed in or not. Whatever comes in, the answer is never
 * a 5xx, and no refused request changes the ledger (checked after each one). The CI suite sends 5,000;
 * `npm run test:fuzz` sends 100,000 (FUZZ_REQUESTS).
 */
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 5_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

// The local PostgreSQL server when it is reachable (the engine production runs, and ten times
// faster per query than the embedded one), else PGlite.
const [backend] = (await backends()).reverse();
const handle = useTestApp({
  ...(backend ? { backend } : {}),
  env: {
    // Limits would answer most requests with 429 before they reach the code under test.
    LINK_ATTEMPT_LIMIT: '1000000',
    // No task can be finished during the run, so no valid request can credit anything either.
    DEMO_TASK_SECONDS: '86400',
  },
});

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { name: string; in: string }[];
      }
    >
  >;
}

async function ledgerState() {
  const [row] = await handle.database.db
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
    // About 3 ms a request on an idle 2-core machine; a loaded one can take several times that.
    { timeout: Math.max(600_000, REQUESTS * 30) },
    async () => {
      const { app } = handle;
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
      const reads = app.routeTable
        .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
        .map((route) => ({
          url: route.url,
          queries: queriesFor(
            (doc.paths[route.url]?.['get']?.parameters ?? [])
              .filter((parameter) => parameter.in === 'query')
              .map((parameter) => parameter.name),
          ),
        }));
      expect(reads.length).toBeGreaterThan(10);

      const request = fc.record({
        // One in eight is a read.
        read: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
        readRoute: fc.integer({ min: 0, max: reads.length - 1 }),
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
      const moved: string[] = [];
      let ledger = before;
      let accepted = 0;

      for (const [index, plan] of plans.entries()) {
        const read = reads[plan.readRoute];
        if (plan.read && read) {
          const [query] = fc.sample(read.queries, { numRuns: 1, seed: plan.seed });
          const headers: Record<string, string> = {};
          if (plan.caller === 'user') headers[TOKEN_HEADER] = token;
          if (plan.caller === 'garbage') headers[TOKEN_HEADER] = `garbage-${index}`;
          const response = await app.inject({
            method: 'GET',
            url: `${read.url}${query ?? ''}`,
            headers,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500 && failures.length < 10) {
            failures.push(`GET ${read.url}${query ?? ''} → ${response.body.slice(0, 200)}`);
          }
          continue;
        }
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
        const refused = !(response.statusCode === 200 && response.body.startsWith('{"code":1'));
        if (!refused) accepted += 1;
        // A refused request moves nothing: the ledger after it is the ledger before it.
        const now = await ledgerState();
        if (refused && (now.entries !== ledger.entries || now.total !== ledger.total) && moved.length < 10) {
          moved.push(
            `${route.url} ${plan.encoding} ${payload.slice(0, 200)} → ${response.body.slice(0, 200)}`,
          );
        }
        ledger = now;
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
      const errors = [...statuses.entries()]
        .filter(([status]) => status >= 500)
        .reduce((n, [, c]) => n + c, 0);
      console.log(
        `fuzz on ${backend?.name}: ${plans.length} requests over ${routes.length} POST and ${reads.length} GET routes ` +
          `(seed ${SEED}) → ${summary.join(', ')}; answers ≥ 500: ${errors}; accepted writes: ${accepted}; ` +
          `ledger changes from refused requests: ${moved.length}`,
      );
      expect(failures).toEqual([]);
      expect(moved).toEqual([]);
      // Nothing a valid request could credit was left to credit (the gift was taken, no task can finish).
      expect(await ledgerState()).toEqual(before);
    },
  );
});
