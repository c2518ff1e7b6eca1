import { z } from 'zod/mini';
import { LOCALES } from '#domain/i18n/locales.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

// Field bounds here only keep absurd input out; the domain rules give users their messages.
const field = (max: number) => z.string().check(z.maxLength(max));

export const CheckInBodySchema = z.object({
  tab: z.enum(['login', 'register']),
  /** Username or e-mail address. */
  username: z._default(field(1000), ''),
  password: z._default(field(1000), ''),
  confirm_password: z.optional(field(1000)),
  invite_code: z.optional(field(100)),
});
export type CheckInBody = z.infer<typeof CheckInBodySchema>;

export const UserInfoSchema = z.object({
  username: z.string(),
  email: z.nullable(z.string()),
  invite_code: z.string(),
  /**
   * The account's lasting id: never given to another account, as a deleted account's username is.
   * The app files what it keeps on a device for the account under it. Optional for a rolling upgrade.
   * The server makes it a UUID; the app needs only a name no other account has, and does not pay for
   * a UUID check in its first screen.
   */
  account_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  balance: DecimalSchema,
  /** Not known unless the user tells us; Earnest does not guess it. */
  country: z.nullable(z.string()),
  language: z.nullable(z.enum(LOCALES)),
  invite_count: z.number().check(z.int(), z.nonnegative()),
  /**
   * Of them, the invitations that count toward the annual rate under the rule in force. Optional for
   * a rolling upgrade, when the new app may still be answered by a process of the release before it.
   */
  counted_invite_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  total_tasks: z.number().check(z.int(), z.nonnegative()),
  /** Percent, e.g. "5" or "6.5". */
  annual_rate: DecimalSchema,
  /** Interest claimed so far. */
  total_claimed: DecimalSchema,
  created_time: EpochSecondsSchema,
  /** When the first-run welcome was seen or skipped; null until then (it shows once per account). */
  welcomed_time: z.nullable(EpochSecondsSchema),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const CheckInDataSchema = z.object({
  userInfo: z.extend(UserInfoSchema, { token: z.string() }),
  routePath: z.string(),
});
export type CheckInData = z.infer<typeof CheckInDataSchema>;
export const CheckInResponseSchema = successSchema(CheckInDataSchema);

export const UserInfoResponseSchema = successSchema(z.object({ userInfo: UserInfoSchema }));

export const LogoutResponseSchema = successSchema(z.object({}));

export const SetLanguageBodySchema = z.object({ language: z.enum(LOCALES) });
export const WelcomedResponseSchema = successSchema(z.object({ welcomed_time: EpochSecondsSchema }));
export const SetLanguageResponseSchema = successSchema(z.object({ language: z.enum(LOCALES) }));

/** Detail sent with `auth.too_many_attempts` and `auth.account_locked` (docs/product-rules.md#accountable-enforcement). */
export const LockDetailSchema = z.object({
  reason: z.string(),
  locked_time: EpochSecondsSchema,
  until_time: z.nullable(EpochSecondsSchema),
});
export type LockDetail = z.infer<typeof LockDetailSchema>;

export const ChangePasswordBodySchema = z.object({
  password: z._default(field(1000), ''),
  new_password: z._default(field(1000), ''),
  confirm_password: z._default(field(1000), ''),
});

export const DeleteAccountBodySchema = z.object({ password: z._default(field(1000), '') });

/** Changing the password or signing out the other devices: how many devices were signed out. */
export const SignedOutDevicesResponseSchema = successSchema(
  z.object({ signed_out_devices: z.number().check(z.int()) }),
);
export const DeleteAccountResponseSchema = successSchema(z.object({ deleted: z.literal(true) }));
