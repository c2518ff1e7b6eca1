// The operator's commands (docs/operators.md#the-command-line), with the server running or not:
//   npm run ops -- payouts list | alerts | claim <id> | release <id> | paid <id> <tx-hash> | reject <id> <reason>
//   (paid needs a claimed withdrawal; with XRPL_URL set, the transaction is checked on the ledger)
//   npm run ops -- users ban <user> <reason> | unban <user> [reason]
//   npm run ops -- tasks list | enable <id> | disable <id> | sort <id> <position>
//   npm run ops -- admin create <name> [--role admin|support] | reset <name> <reason> | disable <name> <reason> | list
// On PostgreSQL (DATABASE_URL) the command works on the database directly, beside any number of
// servers. On the embedded database, a running server holds it: the command is sent to that server,
// which runs it on its database; with no server running, the command opens the database itself.
import { OPS_API, OPS_CLI_KEY_HEADER, OpsCliResponseSchema } from '#contract/ops.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { loadEnv } from '#server/env.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import { cliEndpoint } from '#server/ops-cli-endpoint.ts';
import { runOpsCommand, type OpsCommandResult } from '#server/ops-commands.ts';

const args = process.argv.slice(2);
const env = loadEnv();

/** The command, run by the server that holds the embedded database; null when none answers. */
async function throughServer(): Promise<OpsCommandResult | null> {
  if (env.DATABASE_URL) return null;
  const endpoint = cliEndpoint(env.DATA_DIR).read();
  if (!endpoint) return null;
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}${OPS_API.cli}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPS_CLI_KEY_HEADER]: endpoint.key },
      body: JSON.stringify({ args }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    // A file left by a server that is gone: the database is free to open.
    return null;
  }
  const parsed = OpsCliResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return {
      exitCode: 1,
      stdout: '',
      stderr: `the server at ${endpoint.url} refused the command (${response.status})`,
    };
  }
  const { exit_code, stdout, stderr } = parsed.data.data;
  return { exitCode: exit_code, stdout, stderr };
}

let result = await throughServer();
if (!result) {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    result = await runOpsCommand(args, { db: database.db, env, clock: systemClock, actor: CLI });
  } finally {
    await database.close();
  }
}
process.stdout.write(result.stdout);
if (result.stderr) console.error(result.stderr);
process.exit(result.exitCode);
