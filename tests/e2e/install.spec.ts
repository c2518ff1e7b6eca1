import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CHROMIUM, E2E_PORT } from '../../playwright.config.ts';
import { screenshot } from './support.ts';

// Installing: only a persistent profile is installable in Chromium (a fresh context is incognito), so
// this journey launches its own. The install prompt itself is never opened: in a headless browser it
// would never be answered.

test('the app is installable, and the install button appears once the browser offers it', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'earnest-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    viewport: { width: 375, height: 812 },
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${E2E_PORT}/landing`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as {
      name: string;
      start_url: string;
      theme_color: string;
      icons: { sizes: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest.name).toBe('Earnest');
    expect(manifest.start_url).toBe('/home');
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual([
      '192x192',
      '512x512',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Tasks', '/home'],
      ['Invite', '/home/invite'],
      ['Withdraw', '/home/withdraw'],
    ]);

    // Chromium offers installing: the app keeps the prompt and shows its own button instead.
    await expect(page.getByTestId('install-app')).toBeVisible();
    await screenshot(page, 'en', 'landing-installable');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
