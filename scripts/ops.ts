// The operator's commands, on the database the server is configured with (with the embedded
// database, stop the server first: only one process may open it):
//   npm run ops -- payouts list | alerts | claim <id> | release <id> | paid <id> <tx-hash> | reject <id> <reason>
//   (paid needs a claimed withdrawal; with XRPL_URL set, the transaction is checked on the ledger)
//   npm run ops -- users ban <user> <reason> | unban <user>
//   npm run ops -- tasks list | enable <id> | disable <id> | sort <id> <position>
//   npm run ops -- admin create <name> [--role admin|support] | reset <name> <reason> | disable <name> <reason> | list
import { catalogueEntry } from '#contract/ops-errors.ts';
import { isOperatorRole } from '#domain/ops/operators.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { loadEnv, publicOriginOf } from '#server/env.ts';
import { CLI, createOperatorsService } from '#server/features/ops/ops.service.ts';
import { keyedHash, randomKey, serverSecret } from '#server/lib/server-secrets.repository.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { payoutOperator } from '#server/features/payouts/operator.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';
import { taskOperator } from '#server/features/tasks/operator.ts';

const [area, command, ...rest] = process.argv.slice(2);
const usage =
  'usage: npm run ops -- payouts list | alerts | claim <id> | release <id> | paid <id> <tx-hash> | reject <id> <reason>\n' +
  '       npm run ops -- users ban <user> <reason> | unban <user>\n' +
  '       npm run ops -- tasks list | enable <id> | disable <id> | sort <id> <position>\n' +
  '       npm run ops -- admin create <name> [--role admin|support] | reset <name> <reason> | disable <name> <reason> | list';
if ((area !== 'payouts' && area !== 'users' && area !== 'tasks' && area !== 'admin') || !command) {
  console.error(usage);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
let problem: string | null = null;
try {
  if (area === 'admin') {
    const origin = publicOriginOf(env);
    const operators = createOperatorsService({
      db: database.db,
      clock: systemClock,
      hash: keyedHash(await serverSecret(database.db, 'hash-key', systemClock.now(), randomKey)),
      issuer: `Earnest ${new URL(origin).hostname}`,
    });
    const printLink = (link: { name: string; role: string; token: string; expiresAt: Date }) =>
      console.log(
        `Set-up link for ${link.name} (${link.role}), to be used once before ${link.expiresAt.toISOString()}:\n` +
          `${origin}/ops/setup#${link.token}\n` +
          'Send it to them over a channel you trust; whoever opens it first sets the password and second factor.',
      );
    if (command === 'create' && (rest.length === 1 || (rest.length === 3 && rest[1] === '--role'))) {
      const role = rest[2] ?? 'admin';
      if (!isOperatorRole(role)) problem = usage;
      else {
        const created = await operators.create(CLI, rest[0] ?? '', role);
        if (created.ok) printLink(created.value);
        else problem = catalogueEntry(created.error).msg;
      }
    } else if (command === 'reset' && rest.length >= 2) {
      const reset = await operators.reset(CLI, rest[0] ?? '', rest.slice(1).join(' '));
      if (reset.ok) printLink(reset.value);
      else problem = catalogueEntry(reset.error).msg;
    } else if (command === 'disable' && rest.length >= 2) {
      const disabled = await operators.disable(CLI, rest[0] ?? '', rest.slice(1).join(' '));
      if (disabled.ok) console.log(`${disabled.value.name} can no longer sign in; their sessions are ended.`);
      else problem = catalogueEntry(disabled.error).msg;
    } else if (command === 'list' && rest.length === 0) {
      console.table(await operators.list());
    } else {
      problem = usage;
    }
  } else if (area === 'users') {
    if (command === 'ban' && rest.length >= 2) {
      problem = await accountOperator.ban(database.db, systemClock, rest[0] ?? '', rest.slice(1).join(' '));
      if (!problem) console.log(`${rest[0]} is banned; the reason is shown when they sign in.`);
    } else if (command === 'unban' && rest.length === 1) {
      problem = await accountOperator.unban(database.db, systemClock, rest[0] ?? '');
      if (!problem) console.log(`${rest[0]} is no longer banned.`);
    } else {
      problem = usage;
    }
  } else if (area === 'tasks') {
    if (command === 'list' && rest.length === 0) {
      console.table(await taskOperator.list(database.db));
    } else if ((command === 'enable' || command === 'disable') && rest.length === 1) {
      problem = await taskOperator.setEnabled(database.db, Number(rest[0]), command === 'enable');
      if (!problem) console.log(`Task ${rest[0]} ${command}d.`);
    } else if (command === 'sort' && rest.length === 2) {
      problem = await taskOperator.setSort(database.db, Number(rest[0]), Number(rest[1]));
      if (!problem) console.log(`Task ${rest[0]} is now at position ${rest[1]}.`);
    } else {
      problem = usage;
    }
  } else if (command === 'list') {
    const rows = await payoutOperator.list(database.db);
    if (rows.length === 0) console.log('No withdrawal is waiting to be paid.');
    else console.table(rows);
  } else if (command === 'alerts' && rest.length === 0) {
    const rows = await payoutOperator.alerts(database.db);
    if (rows.length === 0) console.log('No notice from the payout job.');
    else console.table(rows);
  } else if (command === 'claim' && rest.length === 1) {
    problem = await payoutOperator.claim(database.db, systemClock, Number(rest[0]));
    if (!problem)
      console.log(`Withdrawal ${rest[0]} is yours to pay by hand; the payout job leaves it alone.`);
  } else if (command === 'release' && rest.length === 1) {
    problem = await payoutOperator.release(database.db, systemClock, Number(rest[0]));
    if (!problem) console.log(`Withdrawal ${rest[0]} is back with the payout job.`);
  } else if (command === 'paid' && rest.length === 2) {
    // With a ledger to ask, what the operator records is checked there first.
    const ledger = env.XRPL_URL && env.XRPL_SEED ? await connectXrplPayer(env.XRPL_URL, env.XRPL_SEED) : null;
    try {
      problem = await payoutOperator.paid(database.db, systemClock, Number(rest[0]), rest[1] ?? '', ledger);
    } finally {
      await ledger?.close();
    }
    if (!problem) console.log(`Withdrawal ${rest[0]} recorded as paid.`);
  } else if (command === 'reject' && rest.length >= 2) {
    problem = await payoutOperator.reject(database.db, systemClock, Number(rest[0]), rest.slice(1).join(' '));
    if (!problem) console.log(`Withdrawal ${rest[0]} rejected and refunded.`);
  } else {
    problem = usage;
  }
} finally {
  await database.close();
}
if (problem) {
  console.error(problem);
  process.exit(1);
}
