import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { buildTestApp } from '#tests/helpers/app.ts';

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
