import { z } from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_REASON_MAX, AUDIT_TARGETS } from '#domain/ops/audit.ts';
import { OPERATOR_ROLES } from '#domain/ops/operators.ts';
import {
  bodyText,
  EmptyBodySchema,
  EpochSecondsInputSchema,
  EpochSecondsSchema,
  successSchema,
  wireInt,
} from './envelope.ts';

/**
 * The operator console's API (docs/operators.md). Every path under /api/ops/ is for operators only:
 * the access gate refuses user sessions there, whatever a route declares.
 */
export const OPS_API = {
  signIn: '/api/ops/signIn',
  signOut: '/api/ops/signOut',
  me: '/api/ops/me',
  setupStart: '/api/ops/setup/start',
  setupFinish: '/api/ops/setup/finish',
  audit: '/api/ops/audit',
  dashboard: '/api/ops/dashboard',
  withdrawals: '/api/ops/withdrawals',
  withdrawalPayNow: '/api/ops/withdrawals/payNow',
  withdrawalClaim: '/api/ops/withdrawals/claim',
  withdrawalRelease: '/api/ops/withdrawals/release',
  withdrawalMarkPaid: '/api/ops/withdrawals/markPaid',
  withdrawalReject: '/api/ops/withdrawals/reject',
  users: '/api/ops/users',
  user: '/api/ops/users/detail',
  userBan: '/api/ops/users/ban',
  userUnban: '/api/ops/users/unban',
  cli: '/api/ops/cli',
} as const;

/** The prefix every operator path starts with. */
export const OPS_API_PREFIX = '/api/ops/';

/**
 * The header that carries the command line's key on a machine running the embedded database
 * (docs/operators.md#the-command-line): accepted only from this machine, only on the command route.
 */
export const OPS_CLI_KEY_HEADER = 'ops-cli-key';

/** The header that carries an operator's session token (never the users' `ba-user-token`). */
export const OPS_TOKEN_HEADER = 'ops-token';

export const OperatorSchema = z.object({
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OpsSignInBodySchema = z.object({
  name: bodyText(64),
  password: bodyText(1000),
  code: bodyText(16),
});
export type OpsSignInBody = z.infer<typeof OpsSignInBodySchema>;

/** A console session: its token, who it is, and when it ends if left alone. */
export const OpsSessionSchema = z.object({
  token: z.string(),
  operator: OperatorSchema,
  /** The session ends after this many minutes without a request… */
  idle_minutes: z.number().check(z.int()),
  /** …and at this time at the latest. */
  ends_time: EpochSecondsSchema,
});
export type OpsSession = z.infer<typeof OpsSessionSchema>;
export const OpsSignInResponseSchema = successSchema(OpsSessionSchema);

export const OpsMeResponseSchema = successSchema(
  z.object({
    operator: OperatorSchema,
    idle_minutes: z.number().check(z.int()),
    ends_time: EpochSecondsSchema,
  }),
);
export const OpsSignOutBodySchema = EmptyBodySchema;
export const OpsEmptyResponseSchema = successSchema(z.object({}));

export const OpsSetupStartBodySchema = z.object({
  token: bodyText(200),
});
/** What the set-up page shows: who is being set up, and the TOTP secret to enrol. */
export const OpsSetupStartResponseSchema = successSchema(
  z.object({
    operator: OperatorSchema,
    /** Base32, for typing into an authenticator app. */
    secret: z.string(),
    /** The otpauth:// URI, shown as a QR code. */
    uri: z.string(),
    expires_time: EpochSecondsSchema,
  }),
);
export const OpsSetupFinishBodySchema = z.object({
  token: bodyText(200),
  password: bodyText(1000),
  confirm_password: bodyText(1000),
  code: bodyText(16),
});

/** A reason typed by the operator: kept in the audit log (and shown to the user for a ban). */
export const ReasonSchema = z.string().check(z.trim(), z.maxLength(AUDIT_REASON_MAX));

export const AuditEntrySchema = z.object({
  id: z.number().check(z.int()),
  created_time: EpochSecondsSchema,
  actor: z.string(),
  via: z.enum(['console', 'cli']),
  /** One of AUDIT_ACTIONS; a string, so an older console still lists a newer action. */
  action: z.string(),
  target_kind: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.maxLength(64))),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  target_kind: z.optional(z.enum(AUDIT_TARGETS)),
  target_id: z.optional(z.string().check(z.maxLength(64))),
  /** Entries older than this id (the next page). */
  before_id: z.optional(wireInt(z.positive())),
  from_time: z.optional(EpochSecondsInputSchema),
  to_time: z.optional(EpochSecondsInputSchema),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditListResponseSchema = successSchema(
  z.object({
    list: z.array(AuditEntrySchema),
    /** The id to ask `before_id` for the next page, or null on the last page. */
    next_before_id: z.nullable(z.number().check(z.int())),
  }),
);

/** One `npm run ops -- …` command, run by the server on its own database. */
export const OpsCliBodySchema = z.object({
  args: z._default(z.array(z.string().check(z.maxLength(600))).check(z.maxLength(20)), []),
});
export const OpsCliResponseSchema = successSchema(
  z.object({ exit_code: z.number().check(z.int()), stdout: z.string(), stderr: z.string() }),
);
