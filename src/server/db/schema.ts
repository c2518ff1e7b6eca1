import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** As the user typed it (username or e-mail). */
    username: text('username').notNull(),
    /** Normalised form; what sign-in looks up and what must be unique. */
    usernameKey: text('username_key').notNull().unique(),
    email: text('email').unique(),
    passwordHash: text('password_hash').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    /**
     * The account's lasting name on a device: never given to another account, as the username and
     * invitation code are once an account is deleted. The app files the account's cache and offline
     * queue under it (docs/product-rules.md#sync-rule).
     */
    accountId: uuid('account_id').notNull().defaultRandom().unique(),
    invitedBy: id('invited_by').references((): AnyPgColumn => users.id),
    language: text('language'),
    country: text('country'),
    /** Cached sum of the user's ledger entries, in 10^-7 XRP; only the ledger writes it. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: time('created_at').notNull(),
    /** When the account saw (or skipped) the first-run welcome: it is shown once per account. */
    welcomedAt: time('welcomed_at'),
  },
  (t) => [
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
    // Every credit and debit is whole drops, so every balance is what "withdraw all" pays.
    check('users_balance_whole_drops', sql`${t.balance} % 10 = 0`),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/**
 * What ended a session before its time: its own sign-out, another device of the account (signed out
 * from there), a new password, a ban, or the account's deletion.
 */
export type SessionEndCause = 'sign_out' | 'other_device' | 'new_password' | 'banned' | 'deleted';

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a leaked table does not give working tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    lastSeenAt: time('last_seen_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    /** What ended it early, told to the device that held it (null: before this was kept). */
    endedBy: text('ended_by').$type<SessionEndCause>(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Set when the session came from linking a device (docs/product-rules.md#device-linking-stays-inside-earnest): it waits 24 h for money and security. */
    linkedAt: time('linked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Password tries, counted before the hash is checked, per key: `name:` + a keyed hash of the
 * normalised account name (kept whether or not the account exists, so a lock does not tell which
 * names are registered, and never the name itself), or `device:` + a hash of a trusted device's
 * nonce (see features/auth/attempts.ts). Nothing here names a person, so a deletion keeps it.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: time('locked_until'),
  updatedAt: time('updated_at').notNull(),
});

/**
 * The previous release's per-window counters. Nothing reads or writes it any more (rate_windows
 * took over); it stays for one release so that processes of the previous release keep working
 * while a rolling upgrade replaces them (docs/deploy.md#upgrading), and is dropped in the next.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: time('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_counters_window_idx').on(t.windowStart),
  ],
);

/**
 * Hits per key in its current window, for limits that must hold across server processes and survive
 * a deletion (keys are hashes or ids, never personal data). One row per key: a window starts with the
 * first hit after the previous one ended, as a per-process limiter's would, so a burst that straddles
 * a clock boundary is not allowed twice the limit.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    windowStart: time('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_windows_start_idx').on(t.windowStart)],
);

/** Every lock or ban put on an account, with its reason and time (docs/product-rules.md#accountable-enforcement). */
export const accountLocks = pgTable(
  'account_locks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: time('created_at').notNull(),
    until: time('until'),
    liftedAt: time('lifted_at'),
  },
  (t) => [index('account_locks_user_idx').on(t.userId)],
);

/**
 * The ledger: one row per credit or debit, never updated or deleted (database triggers refuse it).
 * Inserting a row also moves the user's cached balance, in the same statement's trigger; the
 * balance's CHECK refuses any entry that would take it below zero.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** Signed, in 10^-7 XRP, whole drops: credits positive, debits negative. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the entry is for, e.g. `task:3:2026-11-21`; one task, interest or gift credit each. */
    reference: text('reference').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_user_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('ledger_entries_once_per_reference')
      .on(t.userId, t.kind, t.reference)
      .where(sql`${t.kind} in ('task', 'interest', 'gift', 'phone_bonus', 'withdrawal', 'refund')`),
    index('ledger_entries_user_time_idx').on(t.userId, t.createdAt),
    // A user's entries newest first (history, the console): without it the planner walks the primary
    // key backwards past every other user's entries for a user with a long history.
    index('ledger_entries_user_id_idx').on(t.userId, t.id),
    // A user's task credits for one day (a completion's daily count and cap, the day's progress):
    // the day is the reference's end (`task:<task>:<day>`), which no index on the reference finds.
    index('ledger_entries_task_day_idx')
      .on(t.userId, sql`split_part(${t.reference}, ':', 3)`)
      .where(sql`${t.kind} = 'task'`),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    // Added NOT VALID: entries from before the whole-drop rule keep their fraction (the ledger is append-only).
    check('ledger_entries_whole_drops', sql`${t.amount} % 10 = 0`),
    check(
      'ledger_entries_kind',
      sql`${t.kind} in ('task', 'interest', 'gift', 'phone_bonus', 'withdrawal', 'refund', 'adjustment')`,
    ),
  ],
);

/**
 * How many entries the ledger holds of each kind, without counting them (the metrics): every insert
 * into ledger_entries adds a row of what it added to `ledger_count_deltas`, in its own statement's
 * trigger (migration 0032), and the periodic pass folds those rows into `ledger_kind_counts`. The
 * figure is the sum of both, read in one statement: exact, and as cheap as the rows not yet folded.
 * Two tables rather than one counter updated in place, which would make every money request of every
 * user wait for the others' commits on the same row.
 */
export const ledgerKindCounts = pgTable('ledger_kind_counts', {
  kind: text('kind').primaryKey(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
});

/** What each insert into the ledger added, per kind, until the periodic pass folds it in (above). */
export const ledgerCountDeltas = pgTable('ledger_count_deltas', {
  kind: text('kind').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
});

/**
 * The first answer to every money-moving request, per user and Idempotency-Key: a replay gets it
 * back instead of a second credit.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another payload is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The periodic prune deletes the oldest keys (`pruneIdempotencyKeys`) without reading the rest.
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** The task catalog, managed by the operator; a demo catalog is loaded on first start. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    requiredSeconds: integer('required_seconds').notNull(),
    targetUrl: text('target_url'),
    /** Title and text per locale, plus survey questions: { en: { title, text }, ... }. */
    content: jsonb('content').notNull(),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull(),
    /** The version whose terms the columns above repeat: the one a day accepted now pins. */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('tasks_reward_whole_drops', sql`${t.reward} > 0 and ${t.reward} % 10 = 0`)],
);

/**
 * Every version of every task, never changed once written: a day accepted under version 1 keeps
 * version 1's reward, time, rules and words, whatever the operator edits later.
 */
export const taskVersions = pgTable(
  'task_versions',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    requiredSeconds: integer('required_seconds').notNull(),
    targetUrl: text('target_url'),
    content: jsonb('content').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.version] }),
    check('task_versions_reward_whole_drops', sql`${t.reward} > 0 and ${t.reward} % 10 = 0`),
  ],
);

/** A user's accepted daily challenge: the day and the tasks it holds. */
export const taskDays = pgTable(
  'task_days',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    taskIds: integer('task_ids').array().notNull(),
    /** The version of each task in `taskIds` (same order); null for days accepted before versions: 1. */
    taskVersions: integer('task_versions').array(),
    acceptedAt: time('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One task on one day for one user: started, then completed or failed. */
export const taskRuns = pgTable(
  'task_runs',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    startedAt: time('started_at').notNull(),
    completedAt: time('completed_at'),
    failedAt: time('failed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.taskId] })],
);

/** A user's exchange deposit address: set once, permanent, one user per address and tag. */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    userId: id('user_id')
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    tag: text('tag').notNull(),
    createdAt: time('created_at').notNull(),
    /** After a change, no withdrawal can start before this (docs/product-rules.md#withdrawal-rules). */
    holdUntil: time('hold_until'),
  },
  (t) => [uniqueIndex('withdraw_addresses_address_tag_unique').on(t.address, t.tag)],
);

/**
 * Which account an exchange deposit (address and tag) belongs to, for good: the first account that
 * saved it. Withdrawal rows and saved addresses are erased with an account, and an address changed
 * away from is no longer saved, so a deposit could otherwise be handed from account to account (each
 * with its own gift and tasks). Keyed by a keyed hash of the address and tag, never the address.
 */
export const destinationHolders = pgTable('destination_holders', {
  destination: text('destination').primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: time('created_at').notNull(),
});

/**
 * Every change of a user's withdrawal address, kept for the user's records; erased with the account,
 * like the address itself.
 */
export const addressChanges = pgTable(
  'address_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    oldAddress: text('old_address').notNull(),
    oldTag: text('old_tag').notNull(),
    newAddress: text('new_address').notNull(),
    newTag: text('new_tag').notNull(),
    createdAt: time('created_at').notNull(),
    holdUntil: time('hold_until').notNull(),
  },
  (t) => [index('address_changes_user_idx').on(t.userId, t.createdAt)],
);

/** Push-messaging tokens a user's devices saved (saveFcmToken); one row per token. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull().unique(),
    /**
     * The session that saved it: only devices still signed in get the account's pushes, so signing
     * out, a revoked device or a changed password ends them too.
     */
    sessionId: id('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [index('push_tokens_user_idx').on(t.userId)],
);

/**
 * Withdrawals: the whole balance (rounded down to drops) debited when requested, paid on the XRP
 * Ledger after the waiting period. Status: processing (waiting) → transferring (being paid) →
 * success (validated tesSUCCESS) or failed (validated failure or expired; refunded by one entry).
 * The signed blob and hash are stored BEFORE submission, so a crash never leads to a second payment.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    /** In 10^-7 XRP; a whole number of drops. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    tag: text('tag').notNull(),
    status: text('status').notNull(),
    createdAt: time('created_at').notNull(),
    reducedHours: integer('reduced_hours').notNull().default(0),
    /** The waiting period in force when it was requested; null for older rows: the configured default. */
    waitingDays: integer('waiting_days'),
    txBlob: text('tx_blob'),
    txHash: text('tx_hash'),
    lastLedgerSequence: integer('last_ledger_sequence'),
    deliveredAmount: bigint('delivered_amount', { mode: 'bigint' }),
    failureReason: text('failure_reason'),
    /**
     * Why the payout job does not pay it now (the account's ban or deletion, as recorded); null when
     * nothing holds it. A hold is never a refund: the job looks again on every pass.
     */
    heldReason: text('held_reason'),
    /** The payout's account Sequence, kept across re-signings so a gap never opens behind it. */
    txSequence: integer('tx_sequence'),
    /**
     * The validated ledger when the payment was signed: it cannot be in that ledger or an earlier one,
     * so a search for it covers the ledgers after this one up to its LastLedgerSequence.
     */
    txSignedLedger: integer('tx_signed_ledger'),
    /** Set while an operator pays this withdrawal by hand: the payout job leaves it alone. */
    claimedByOperatorAt: time('claimed_by_operator_at'),
    settledAt: time('settled_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('processing', 'transferring')`),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_user_time_idx').on(t.userId, t.createdAt),
    check('withdrawals_status', sql`${t.status} in ('processing', 'transferring', 'failed', 'success')`),
    // One ledger transaction pays one withdrawal, whoever recorded it.
    uniqueIndex('withdrawals_tx_hash_unique').on(t.txHash),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    // The ledger pays whole drops: an amount with a fraction of one could never be paid as it is.
    check('withdrawals_amount_whole_drops', sql`${t.amount} % 10 = 0`),
  ],
);

/** The daily ad: one per user and day; completion counts only after the full length since it opened. */
export const adSessions = pgTable(
  'ad_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    withdrawalId: id('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    day: text('day').notNull(),
    openedAt: time('opened_at').notNull(),
    completedAt: time('completed_at'),
    reducedHours: integer('reduced_hours'),
  },
  (t) => [uniqueIndex('ad_sessions_once_per_day').on(t.userId, t.day)],
);

/** SMS codes sent for phone verification: hashed, 10 minutes, single use, at most 5 tries. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    /** E.164. */
    phone: text('phone').notNull(),
    /** Leading digits shared by a number range: what SMS pumping abuses. */
    prefix: text('prefix').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: time('consumed_at'),
  },
  (t) => [
    index('phone_codes_user_idx').on(t.userId, t.createdAt),
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_codes_prefix_idx').on(t.prefix, t.createdAt),
    index('phone_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Every SMS sent, for the anti-pumping limits: keyed hashes of the number, its range and the IP, and
 * the account id — no personal data, and never erased with an account, so deleting one resets nothing.
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    numberHash: text('number_hash').notNull(),
    rangeHash: text('range_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('sms_sends_user_idx').on(t.userId, t.createdAt),
    index('sms_sends_number_idx').on(t.numberHash, t.createdAt),
    index('sms_sends_range_idx').on(t.rangeHash, t.createdAt),
    index('sms_sends_ip_idx').on(t.ipHash, t.createdAt),
  ],
);

/** A verified phone per account (a number may be verified by several accounts). */
export const verifiedPhones = pgTable(
  'verified_phones',
  {
    userId: id('user_id')
      .primaryKey()
      .references(() => users.id),
    phone: text('phone').notNull(),
    verifiedAt: time('verified_at').notNull(),
  },
  // Whether another invitee verified the same number first (account.repository.ts), asked for every
  // invitee of an inviter: without it, each question reads every verified phone.
  (t) => [index('verified_phones_phone_idx').on(t.phone, t.verifiedAt, t.userId)],
);

/** The one-time bonus: once per number AND once per account, held by the database. */
export const phoneBonuses = pgTable('phone_bonuses', {
  /** A hash of the number (kyc.service.ts), not the number. */
  phone: text('phone').primaryKey(),
  userId: id('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  createdAt: time('created_at').notNull(),
});

/** Pairing codes for "sign in with another device" (docs/product-rules.md#device-linking-stays-inside-earnest): single use, 5 minutes. */
export const pairingCodes = pgTable('pairing_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull().unique(),
  /** SHA-256 of the secret only the requesting device holds: it alone collects the session. */
  secretHash: text('secret_hash').notNull(),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  /** The new device's browser and system, shown before approval; no address is kept. */
  userAgent: text('user_agent'),
  country: text('country'),
  userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
  approvedAt: time('approved_at'),
  /** The session that approved it: the code is collected only while that session is live. */
  approvedBySession: id('approved_by_session').references(() => sessions.id, { onDelete: 'cascade' }),
  collectedAt: time('collected_at'),
  /** Set when the account's access ended (ban, deletion, new password, all devices signed out). */
  voidedAt: time('voided_at'),
});

/** Values the server makes once and keeps (e.g. its VAPID keys for Web Push). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: time('created_at').notNull(),
});

/** What each user chose to be told by push (topics in src/domain/push/topics.ts); absent: the default. */
export const pushSettings = pgTable(
  'push_settings',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/**
 * The notification task's test pushes: one per request, to one token. The service worker hands the
 * code back when the push arrives (only the SHA-256 of it is kept), and only then the task completes.
 */
export const pushTests = pgTable(
  'push_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    /** Null once the token is gone: the test then proves nothing, but still counts toward the limit. */
    tokenId: id('token_id').references(() => pushTokens.id, { onDelete: 'set null' }),
    ackHash: text('ack_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    ackedAt: time('acked_at'),
  },
  (t) => [index('push_tests_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Scheduled pushes already sent (the daily ad available again, tasks reset): the primary key makes
 * each one go out once per user and day, whichever server process or restart gets there first.
 */
export const pushSent = pgTable(
  'push_sent',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);

/**
 * The payout wallets and the next account Sequence each will sign with: allocated under this row's
 * lock, so no two payments from any number of processes ever share one.
 */
export const payoutWallets = pgTable('payout_wallets', {
  address: text('address').primaryKey(),
  nextSequence: integer('next_sequence').notNull(),
  /**
   * Sequences below `next_sequence` that no payment holds any more (a held withdrawal gave its unused
   * one back): the next payments take them first, lowest first, so no gap keeps later ones waiting.
   */
  spareSequences: integer('spare_sequences')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  updatedAt: time('updated_at').notNull(),
});

/**
 * What the payout job asks an operator to look at (a payment it cannot prove either way, a dry
 * wallet, another delivered amount, a withdrawal overdue): one open notice per withdrawal and kind,
 * listed by `npm run ops -- payouts alerts`.
 */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
    message: text('message').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [uniqueIndex('operator_alerts_once').on(t.withdrawalId, t.kind)],
);

/**
 * The people who run Earnest (docs/operators.md), apart from user accounts: a role, a password and a
 * TOTP second factor, both set by the operator through a one-time set-up link. Never deleted (the
 * audit log points here); a disabled operator cannot sign in.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lower-case; what the operator types to sign in and what the audit log shows. */
    name: text('name').notNull().unique(),
    role: text('role').notNull(),
    /** Null until the set-up link was used. */
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret (RFC 6238); null until the set-up link was used. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice, nor an older one. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: time('created_at').notNull(),
    disabledAt: time('disabled_at'),
  },
  (t) => [check('operators_role', sql`${t.role} in ('admin', 'support')`)],
);

/** One-time set-up links: the operator sets a password and enrols TOTP; used once, then dead. */
export const operatorSetupLinks = pgTable(
  'operator_setup_links',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the link's secret part. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The TOTP secret the operator enrols with this link, shown on its page. */
    totpSecret: text('totp_secret').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('operator_setup_links_operator_idx').on(t.operatorId)],
);

/** Operator sessions: short (idle and absolute limits in src/domain/ops/operators.ts), apart from users'. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    lastSeenAt: time('last_seen_at').notNull(),
    revokedAt: time('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action: who (an operator, or the command line), when, what, the reason typed, and
 * the state before and after. Append-only: database triggers refuse UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: time('created_at').notNull(),
    /** Null for the command line. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** The operator's name at the time, or `cli`. */
    actor: text('actor').notNull(),
    /** `console` or `cli`. */
    via: text('via').notNull(),
    /** What was done, e.g. `withdrawal.reject` (src/domain/ops/audit.ts). */
    action: text('action').notNull(),
    /** What it was done to, e.g. `withdrawal` and `12`. */
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_time_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetKind, t.targetId),
    index('audit_log_actor_idx').on(t.actor, t.createdAt),
    check('audit_log_via', sql`${t.via} in ('console', 'cli')`),
  ],
);

/**
 * The user-facing rules an operator changed in the console: one row per change, each with the time it
 * takes effect (never before it was made). The value in force at a time is the latest row effective by
 * then, or the configuration's default; rows are never updated.
 */
export const ruleSettings = pgTable(
  'rule_settings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The value as the console sends it (an XRP decimal, a percent, a number, JSON for lists). */
    value: text('value').notNull(),
    effectiveAt: time('effective_at').notNull(),
    createdAt: time('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('rule_settings_name_idx').on(t.name, t.effectiveAt),
    check('rule_settings_not_retroactive', sql`${t.effectiveAt} >= ${t.createdAt}`),
  ],
);

/**
 * What users wrote about Earnest and agreed to publish under their masked name
 * (docs/transparency.md#testimonials): shown only once an operator approved it, removed with the account.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    /** The name as it will be published (masked when submitted), which the user consented to. */
    maskedName: text('masked_name').notNull(),
    /** When the user ticked "publish my masked name": nothing is stored without it. */
    consentedAt: time('consented_at').notNull(),
    createdAt: time('created_at').notNull(),
    /** `pending`, `approved` or `rejected`. */
    status: text('status').notNull().default('pending'),
    decidedAt: time('decided_at'),
  },
  (t) => [
    check('testimonials_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // One review waiting or shown per user: a second one replaces nothing and floods nothing.
    uniqueIndex('testimonials_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('testimonials_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Opt-in usage counts (docs/transparency.md#usage-counts): how many times an event happened on a day,
 * summed over everyone who shares them. No user, device, address or session is stored.
 */
export const usageCounts = pgTable(
  'usage_counts',
  {
    day: text('day').notNull(),
    event: text('event').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.event] })],
);
