import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { startFakeSms, type FakeSms } from '#tests/fakes/fake-sms.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { setUpUser } from './offline-support.ts';

type SignedUpUser = Awaited<ReturnType<typeof setUpUser>>;

export { expect };

/**
 * The browser journeys' fixtures:
 * - every test fails on an uncaught page error, a console error or a Content Security Policy
 *   violation, so none of these can ship silently (a test that expects one lists it in
 *   `allowedConsoleErrors`);
 * - `server`: an Earnest server of the worker's own on a free port and its own PostgreSQL database,
 *   stopped (and the database dropped) when the worker ends; its SMS go to `sms`, a fake provider;
 * - `user`: a new signed-up user on that server, with the gift claimed and the day accepted.
 * The browser's own lines about failed requests ("Failed to load resource: 401") are not errors of the
 * app: journeys that go offline or end sessions cause them on purpose.
 */
export const test = base.extend<
  { allowedConsoleErrors: RegExp[]; failOnBrowserErrors: void; user: SignedUpUser },
  { sms: FakeSms; server: TestServer }
>({
  allowedConsoleErrors: [[], { option: true }],

  failOnBrowserErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`[csp] ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
      context.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/^Failed to load resource\b/.test(text)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        errors.push(`console error: ${text}`);
      });
      await use();
      expect(errors, 'page errors, console errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],

  sms: [
    // Playwright reads a fixture's needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sms = await startFakeSms();
      await use(sms);
      await sms.close();
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ sms }, use) => {
      const server = await startTestServer({ SMS_PROVIDER_URL: sms.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  user: async ({ server }, use) => {
    await use(await setUpUser(server.url, server.db));
  },
});
