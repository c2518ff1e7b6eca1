// One payout job process, started by `runPayoutProcess` (tests/helpers/server-process.ts): opens the
// given PostgreSQL database and runs the job against the given rippled for a number of passes, as
// `npm run payouts` does.
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { adjustableClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { runPayoutOnce } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';

const [url = '', rippledUrl = '', seed = '', passes = '0', offsetSeconds = '0'] = process.argv.slice(2);
// On the tests' time (tests/helpers/test-clock.ts), as the withdrawals the test made.
const clock = adjustableClock(Number(offsetSeconds) * 1000);
const database = await openDatabase({ url, dataDir: 'unused' });
const payer = await connectXrplPayer(rippledUrl, seed);
for (let i = 0; i < Number(passes); i++) {
  // The waiting period is the withdrawal screens' business: here every withdrawal is due at once.
  await runPayoutOnce({
    db: database.db,
    clock,
    rules: { ...DEFAULT_RULES, waitingDays: 0 },
    payer,
  }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await payer.close();
await database.close();
