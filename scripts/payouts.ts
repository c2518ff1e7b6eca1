// The payout job as its own process: `npm run payouts`. Run the web process with PAYOUTS=off and
// without XRPL_SEED, and this one with XRPL_URL and XRPL_SEED, so the key lives only here. It opens the
// same database (a PostgreSQL server: two processes never open one embedded database) and answers no
// requests. At start only the payout wallet's derived address is logged. See docs/payouts.md.
import { buildApp } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';

const env = loadEnv();
if (!env.PAYOUTS || !env.XRPL_URL || !env.XRPL_SEED) {
  console.error('npm run payouts needs XRPL_URL and XRPL_SEED, and PAYOUTS not set to off');
  process.exit(2);
}
const app = await buildApp({ env });
await app.ready();
app.log.info('payout process running; it answers no requests');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'stopping after the payout step in progress');
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
