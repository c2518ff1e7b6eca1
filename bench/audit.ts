import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import type { Page } from 'puppeteer-core';

/**
 * One Lighthouse performance run with the benches' settings (mobile, its default simulated
 * throttling) in the Chrome at `port`; with a page, in that page's profile, keeping its storage (a
 * session put on the device, a service worker installed).
 */
export async function auditPerformance(
  url: string,
  port: number,
  page?: Page,
  flags: Flags = {},
): Promise<RunnerResult> {
  const run = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: page !== undefined,
      ...flags,
    },
    undefined,
    page,
  );
  if (!run) throw new Error(`no Lighthouse result for ${url}`);
  return run;
}
