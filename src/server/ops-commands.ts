import { Console } from 'node:console';
import { PassThrough } from 'node:stream';
import { catalogueEntry } from '#contract/ops-errors.ts';
import { isOperatorRole } from '#domain/ops/operators.ts';
import { AUDIT_REASON_MAX } from '#domain/ops/audit.ts';
import type { FastifyInstance } from 'fastify';
import { OPS_API, OpsCliBodySchema, OpsCliResponseSchema } from '#contract/ops.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import { publicOriginOf, type Env } from './env.ts';
import { accountOperator } from './features/account/operator.ts';
import { CLI, consoleActor, createOperatorsService, type AuditActor } from './features/ops/ops.service.ts';
import { featureRoutes } from './lib/routes.ts';
import { ok } from '#domain/result.ts';
import { payoutOperator } from './features/payouts/operator.ts';
import { xrplLedgerReader } from './features/payouts/ledger-reader.ts';
import { taskOperator } from './features/tasks/operator.ts';
import { keyedHash, randomKey, serverSecret } from './lib/server-secrets.repository.ts';

export const OPS_USAGE =
  'usage: npm run ops -- payouts list | alerts | claim <id> | release <id> | paid <id> <tx-hash> | reject <id> <reason>\n' +
  '       npm run ops -- users ban <user> <reason> | unban <user> [reason]\n' +
  '       npm run ops -- tasks list | enable <id> | disable <id> | sort <id> <position>\n' +
  '       npm run ops -- admin create <name> [--role admin|support] | reset <name> <reason> | disable <name> <reason> | list';

export interface OpsCommandDeps {
  db: Db;
  env: Env;
  clock: Clock;
  /** Who the audit log names: the command line, or the console operator who ran the command. */
  actor: AuditActor;
}

export interface OpsCommandResult {
  /** 0 done, 1 refused, 2 not a command. */
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Text written through a Console (its tables included), collected. */
function collector() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { console: new Console(stream), text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * One `npm run ops -- …` command (docs/operators.md#the-command-line) on a database: run by the
 * command line itself (PostgreSQL, or the embedded database while no server holds it) or by the
 * running server for it (`POST /api/ops/cli`). Every change goes to the audit log under `actor`.
 */
export async function runOpsCommand(argv: string[], deps: OpsCommandDeps): Promise<OpsCommandResult> {
  const { db, env, clock, actor } = deps;
  const out = collector();
  const result = (exitCode: number, stderr = ''): OpsCommandResult => ({
    exitCode,
    stdout: out.text(),
    stderr,
  });
  const [area, command, ...rest] = argv;
  if ((area !== 'payouts' && area !== 'users' && area !== 'tasks' && area !== 'admin') || !command) {
    return result(2, OPS_USAGE);
  }
  const log = (line: string) => out.console.log(line);
  // Digits only, as the console's schemas take them: "0x1", "1e0" and " 1" are no ids.
  const wholeNumber = (text: string | undefined) =>
    /^\d{1,15}$/.test(text ?? '') ? Number(text) : Number.NaN;
  const id = wholeNumber(rest[0]);
  const validId = Number.isSafeInteger(id) && id > 0;
  // What follows the name or id is the reason, which the audit log keeps within the console's limit.
  const reason = rest.slice(1).join(' ');
  if (reason.length > AUDIT_REASON_MAX) {
    return result(2, `The reason is longer than ${AUDIT_REASON_MAX} characters.\n`);
  }
  let problem: string | null = null;

  if (area === 'admin') {
    const origin = publicOriginOf(env);
    const operators = createOperatorsService({
      db,
      clock,
      hash: keyedHash(await serverSecret(db, 'hash-key', clock.now(), randomKey)),
      issuer: `Earnest ${new URL(origin).hostname}`,
    });
    const printLink = (link: { name: string; role: string; token: string; expiresAt: Date }) =>
      log(
        `Set-up link for ${link.name} (${link.role}), to be used once before ${link.expiresAt.toISOString()}:\n` +
          `${origin}/ops/setup#${link.token}\n` +
          'Send it to them over a channel you trust; whoever opens it first sets the password and second factor.',
      );
    if (command === 'create' && (rest.length === 1 || (rest.length === 3 && rest[1] === '--role'))) {
      const role = rest[2] ?? 'admin';
      if (!isOperatorRole(role)) return result(2, OPS_USAGE);
      const created = await operators.create(actor, rest[0] ?? '', role);
      if (created.ok) printLink(created.value);
      else problem = catalogueEntry(created.error).msg;
    } else if (command === 'reset' && rest.length >= 2) {
      const reset = await operators.reset(actor, rest[0] ?? '', reason);
      if (reset.ok) printLink(reset.value);
      else problem = catalogueEntry(reset.error).msg;
    } else if (command === 'disable' && rest.length >= 2) {
      const disabled = await operators.disable(actor, rest[0] ?? '', reason);
      if (disabled.ok) log(`${disabled.value.name} can no longer sign in; their sessions are ended.`);
      else problem = catalogueEntry(disabled.error).msg;
    } else if (command === 'list' && rest.length === 0) {
      out.console.table(await operators.list());
    } else {
      return result(2, OPS_USAGE);
    }
  } else if (area === 'users') {
    if (command === 'ban' && rest.length >= 2) {
      problem = await accountOperator.ban(db, clock, rest[0] ?? '', reason, actor);
      if (!problem) log(`${rest[0]} is banned; the reason is shown when they sign in.`);
    } else if (command === 'unban' && rest.length >= 1) {
      problem = await accountOperator.unban(db, clock, rest[0] ?? '', reason, actor);
      if (!problem) log(`${rest[0]} is no longer banned.`);
    } else {
      return result(2, OPS_USAGE);
    }
  } else if (area === 'tasks') {
    if (command === 'list' && rest.length === 0) {
      out.console.table(await taskOperator.list(db));
    } else if ((command === 'enable' || command === 'disable') && rest.length === 1) {
      problem = await taskOperator.setEnabled(db, clock, actor, id, command === 'enable');
      if (!problem) log(`Task ${rest[0]} ${command}d.`);
    } else if (command === 'sort' && rest.length === 2) {
      problem = await taskOperator.setSort(db, clock, actor, id, wholeNumber(rest[1]));
      if (!problem) log(`Task ${rest[0]} is now at position ${rest[1]}.`);
    } else {
      return result(2, OPS_USAGE);
    }
  } else if (command === 'list' && rest.length === 0) {
    const rows = await payoutOperator.list(db);
    if (rows.length === 0) log('No withdrawal is waiting to be paid.');
    else out.console.table(rows);
  } else if (command === 'alerts' && rest.length === 0) {
    const rows = await payoutOperator.alerts(db);
    if (rows.length === 0) log('No notice from the payout job.');
    else out.console.table(rows);
  } else if (['claim', 'release', 'paid', 'reject'].includes(command) && !validId) {
    problem = catalogueEntry('ops.withdrawal_not_found').msg;
  } else if (command === 'claim' && rest.length === 1) {
    problem = await payoutOperator.claim(db, clock, id, actor);
    if (!problem) log(`Withdrawal ${id} is yours to pay by hand; the payout job leaves it alone.`);
  } else if (command === 'release' && rest.length === 1) {
    problem = await payoutOperator.release(db, clock, id, actor);
    if (!problem) log(`Withdrawal ${id} is back with the payout job.`);
  } else if (command === 'paid' && rest.length === 2) {
    // With a ledger to ask, what the operator records is checked there first.
    const ledger = env.XRPL_URL ? xrplLedgerReader(env.XRPL_URL) : null;
    problem = await payoutOperator.paid(db, clock, id, rest[1] ?? '', ledger, actor);
    if (!problem) log(`Withdrawal ${id} recorded as paid.`);
  } else if (command === 'reject' && rest.length >= 2) {
    problem = await payoutOperator.reject(db, clock, id, reason, actor);
    if (!problem) log(`Withdrawal ${id} rejected and refunded.`);
  } else {
    return result(2, OPS_USAGE);
  }
  return problem ? result(1, problem) : result(0);
}

const CONSOLE_MAKES_NO_OPERATORS =
  "The admin commands run only on the server's command line (npm run ops), never from the console.\n";

/**
 * The command line's way in while the server holds the embedded database: the command runs here, on
 * the server's database. The command line's key (a file only this machine's user can read) stands for
 * an admin; an admin signed in to the console may run the same commands but the `admin` ones,
 * recorded under their name.
 */
export async function opsCommandRoutes(app: FastifyInstance, deps: Omit<OpsCommandDeps, 'actor'>) {
  const routes = featureRoutes(app, ['ops']);
  routes.post(
    OPS_API.cli,
    {
      summary: "Runs one `npm run ops` command on the server's database",
      permission: 'operators.manage',
      cliKey: true,
      body: OpsCliBodySchema,
      response: OpsCliResponseSchema,
    },
    async ({ body, operator, request }) => {
      // Operators are made on the server, never from the console (docs/operators.md): a stolen
      // console session must not be able to make an operator that outlives it.
      if (operator.operatorId !== 0 && body.args[0] === 'admin')
        return ok({ exit_code: 2, stdout: '', stderr: CONSOLE_MAKES_NO_OPERATORS });
      const actor = operator.operatorId === 0 ? CLI : consoleActor(operator, request.ip);
      const result = await runOpsCommand(body.args, { ...deps, actor });
      return ok({ exit_code: result.exitCode, stdout: result.stdout, stderr: result.stderr });
    },
  );
}
