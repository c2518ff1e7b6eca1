import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { buildTestApp, register } from '#tests/helpers/app.ts';

// Which prerendered page the server answers (docs/decisions/011-prerendered-first-paint.md), against a
// built app of a few files: the real pages are checked in the browser (tests/e2e/prerender.spec.ts).
describe('prerendered pages', () => {
  let dist: string;
  const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
  const STYLE_HASH = "'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='";
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'earnest-dist-'));
    writeFileSync(join(dist, 'index.html'), 'app shell');
    for (const [locale, page] of [
      ['en', 'entry'],
      ['ar', 'entry'],
      ['fr', 'entry'],
      ['en', 'landing'],
      ['ar', 'home'],
    ] as const) {
      mkdirSync(join(dist, 'prerender', locale), { recursive: true });
      writeFileSync(join(dist, 'prerender', locale, `${page}.html`), `${locale} ${page}`);
    }
    writeFileSync(
      join(dist, 'prerender', 'csp.json'),
      JSON.stringify({ scriptSrc: [HASH], styleSrc: [STYLE_HASH] }),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers by address, then the chosen language, then the browser languages by weight', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database, env: { DIST_DIR: dist } });
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      return response;
    };
    expect((await page('/')).body).toBe('en entry');
    expect((await page('/', { 'accept-language': 'de, en;q=0.2, ar;q=0.8' })).body).toBe('ar entry');
    expect((await page('/', { 'accept-language': 'ar', cookie: 'earnest-locale=fr' })).body).toBe('fr entry');
    // A cookie naming no language we ship is ignored.
    expect((await page('/', { 'accept-language': 'ar', cookie: 'earnest-locale=xx' })).body).toBe('ar entry');
    expect((await page('/landing')).body).toBe('en landing');
    expect((await page('/home/', { 'accept-language': 'ar' })).body).toBe('ar home');
    // No page in that language (a partial build): the app shell, never an error.
    expect((await page('/home')).body).toBe('app shell');
    // A query string or any other address: the app shell.
    expect((await page('/?tab=register')).body).toBe('app shell');
    expect((await page('/home/mine')).body).toBe('app shell');
    const answer = await page('/');
    expect(answer.headers['vary']).toContain('Accept-Language');
    expect(String(answer.headers['content-security-policy'])).toContain(`script-src 'self' ${HASH}`);
    // The pages' inline style sheet, and no other inline style.
    expect(String(answer.headers['content-security-policy'])).toContain(`style-src 'self' ${STYLE_HASH};`);
    await app.close();
    await database.close();
  });
});

// Pages rendered with their data (docs/decisions/012-home-rendered-with-the-accounts-data.md,
// 013-landing-rendered-with-the-rules-in-force.md), with a renderer of a few lines in place of the
// build's: what the server asks it, and what it sends.
describe('pages rendered with their data', () => {
  let dist: string;
  const SHELL = '<!--server-render-->skeleton<!--/server-render-->';
  const TEMPLATE = `<html lang="en" dir="ltr" data-page="home"><body><div id="root" inert>${SHELL}</div><script>loader</script></body></html>`;
  const landingIn = (locale: string) =>
    `<html lang="${locale}" dir="ltr" data-page="landing"><body><div id="root" inert>${SHELL}</div><script>loader</script></body></html>`;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'earnest-dist-'));
    writeFileSync(join(dist, 'index.html'), 'app shell');
    for (const locale of ['en', 'fr', 'es']) {
      mkdirSync(join(dist, 'prerender', locale), { recursive: true });
      writeFileSync(join(dist, 'prerender', locale, 'landing.html'), landingIn(locale));
    }
    writeFileSync(join(dist, 'prerender', 'en', 'home.html'), TEMPLATE);
    mkdirSync(join(dist, 'ssr'));
    // It reads what the app reads, through the server's own routes, with the cookie's token.
    writeFileSync(
      join(dist, 'ssr', 'prerender.js'),
      `export async function renderHome({ locale, token, timeZone, read, signal }) {
        const answer = await read('/api/account/userInfo');
        const body = await answer.json();
        if (answer.status !== 200 || body.code !== 1) return null;
        const { username, balance } = body.data.userInfo;
        if (username.startsWith('boom')) throw new Error('the render failed');
        // A render that only ends when the server stops waiting for it (the real one is passed the
        // signal too).
        if (username.startsWith('slow')) {
          await new Promise((done) => signal.addEventListener('abort', done));
          await new Promise((done) => setTimeout(done, 300));
          return null;
        }
        return {
          html: '<p>' + locale + ' ' + username + ' ' + balance + ' ' + token.length + (timeZone ? ' in ' + timeZone : '') + '</p>',
          data: '<script type="application/json" id="earnest-server-data">{}</script>',
          account: username.toLowerCase(),
        };
      }
      // Landing reads the settings, with no session.
      export async function renderLanding({ locale, read, signal }) {
        const answer = await read('${API.customSettings}');
        const body = await answer.json();
        if (answer.status !== 200 || body.code !== 1) return null;
        if (locale === 'fr') throw new Error('the render failed');
        // Once, a render that runs past the server's wait and then ends with an empty page.
        if (locale === 'es' && !globalThis.slowLandingDone) {
          globalThis.slowLandingDone = true;
          await new Promise((done) => signal.addEventListener('abort', done));
          return { html: '', data: '' };
        }
        globalThis.landingRenders = (globalThis.landingRenders ?? 0) + 1;
        return {
          html: '<p>' + locale + ' ' + body.data.tasks_per_day + ' tasks, ' + body.data.stats.users + ' users</p>',
          data: '<script type="application/json" id="earnest-server-data">{}</script>',
        };
      }`,
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('for a live session only, never stored by a cache, and the prerendered shell otherwise', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database, env: { DIST_DIR: dist } });
    const { token } = await register(app, 'Alice');
    const home = (cookie?: string) =>
      app.inject({ url: '/home', headers: cookie ? { cookie: `earnest-session=${cookie}` } : {} });

    const rendered = await home(token);
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toBe(
      `<html lang="en" dir="ltr" data-page="home" data-account="alice"><body><div id="root" inert>` +
        `<!--server-render--><p>en Alice 0 ${token.length}</p><!--/server-render--></div>` +
        `<script type="application/json" id="earnest-server-data">{}</script><script>loader</script></body></html>`,
    );
    expect(rendered.headers['cache-control']).toBe('private, no-store');
    expect(rendered.headers['vary']).toContain('Cookie');
    expect(rendered.headers['content-type']).toContain('text/html');

    // No cookie, a token the server never issued, one far too long: the shell, as before.
    for (const cookie of [undefined, 'not-a-token', 'x'.repeat(300)]) {
      const shell = await home(cookie);
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toBe(TEMPLATE);
      expect(shell.headers['cache-control']).toBe('no-cache');
    }
    // A session signed out is over for the page too.
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: { [TOKEN_HEADER]: token } });
    expect((await home(token)).body).toBe(TEMPLATE);

    // A renderer that fails costs the user the figures, never the page.
    const { token: boom } = await register(app, 'boomer');
    const failed = await home(boom);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(TEMPLATE);

    // The renderer is the server's, not a file anyone can fetch.
    expect((await app.inject({ url: '/ssr/prerender.js' })).statusCode).toBe(404);
    await app.close();
    await database.close();
  });

  it("renders Home's times in the zone the device named, and in the server's own for a name that is none", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database, env: { DIST_DIR: dist } });
    const { token } = await register(app, 'Zoe');
    const zoneIn = async (zone: string) => {
      const page = await app.inject({
        url: '/home',
        headers: { cookie: `earnest-session=${token}; earnest-time-zone=${encodeURIComponent(zone)}` },
      });
      return /<p>en Zoe 0 \d+(?: in (.+))?<\/p>/.exec(page.body)?.[1] ?? 'none';
    };
    expect(await zoneIn('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(await zoneIn('America/New_York')).toBe('America/New_York');
    // Not a zone, or longer than any: the page still comes, with the server's own.
    for (const zone of ['Mars/Olympus_Mons', '', 'x'.repeat(65), '<script>', '+05:30', '-23:59']) {
      expect(await zoneIn(zone), zone).toBe('none');
    }
    await app.close();
    await database.close();
  });

  it('Landing with the rules in force, rendered again only when they change, and prerendered otherwise', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database, env: { DIST_DIR: dist, LANDING_USERS_MIN: '0' } });
    const renders = () => (globalThis as { landingRenders?: number }).landingRenders ?? 0;
    const landing = (locale = 'en') =>
      app.inject({ url: '/landing', headers: { cookie: `earnest-locale=${locale}` } });

    const rendered = await landing();
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toBe(
      `<html lang="en" dir="ltr" data-page="landing"><body><div id="root" inert>` +
        `<!--server-render--><p>en 10 tasks, 0 users</p><!--/server-render--></div>` +
        `<script type="application/json" id="earnest-server-data">{}</script><script>loader</script></body></html>`,
    );
    // The rules as they were when asked: kept by no cache, so a page shown again is asked again.
    expect(rendered.headers['cache-control']).toBe('private, no-store');
    expect(rendered.headers['content-type']).toContain('text/html');
    const count = renders();
    expect((await landing()).body).toBe(rendered.body);
    expect(renders()).toBe(count);

    // A figure changed (a new user): rendered again, with it.
    await register(app, 'Newcomer');
    expect((await landing()).body).toContain('<p>en 10 tasks, 1 users</p>');
    expect(renders()).toBe(count + 1);

    // A render that fails costs the visitor the rules until the app has read them, never the page.
    const failed = await landing('fr');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(landingIn('fr'));

    // A render the server stopped waiting for is never kept: the next visit is rendered anew.
    expect((await landing('es')).body).toBe(landingIn('es'));
    expect((await landing('es')).body).toContain('<p>es 10 tasks, 1 users</p>');
    await app.close();
    await database.close();
  });

  it('sends the shell when a render is too slow, and never lets slow renders pile up', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database, env: { DIST_DIR: dist } });
    const { token: slow } = await register(app, 'slowpoke');
    const { token: quick } = await register(app, 'quick');
    const home = (token: string) =>
      app.inject({ url: '/home', headers: { cookie: `earnest-session=${token}` } });

    // Eight renders under way: the ninth request gets the shell at once, without waiting.
    const slowOnes = Array.from({ length: 8 }, () => home(slow));
    await new Promise((done) => setTimeout(done, 200));
    const started = Date.now();
    expect((await home(quick)).body).toBe(TEMPLATE);
    expect(Date.now() - started).toBeLessThan(1_000);
    // After 2 s each gets the shell; the renders count until they have settled (300 ms later).
    for (const answer of await Promise.all(slowOnes)) expect(answer.body).toBe(TEMPLATE);
    expect((await home(quick)).body).toBe(TEMPLATE);
    await new Promise((done) => setTimeout(done, 400));
    expect((await home(quick)).body).toContain('<p>en quick 0 ');
    await app.close();
    await database.close();
  });
});
