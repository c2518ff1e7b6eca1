/**
 * The audit log's vocabulary (docs/operators.md#audit-log): every operator action is one entry with
 * one of these names. The console filters by them and translates them.
 */
export const AUDIT_ACTIONS = [
  'operator.create',
  'operator.reset',
  'operator.disable',
  'operator.setup',
  'operator.sign_in',
  'operator.sign_out',
  'withdrawal.claim',
  'withdrawal.release',
  'withdrawal.pay_now',
  'withdrawal.mark_paid',
  'withdrawal.reject',
  'user.ban',
  'user.unban',
  'task.create',
  'task.edit',
  'task.enable',
  'task.disable',
  'task.reorder',
  'setting.schedule',
  'testimonial.approve',
  'testimonial.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to. */
export const AUDIT_TARGETS = ['operator', 'withdrawal', 'user', 'task', 'setting', 'testimonial'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** How the operator acted: from the console in a browser, or the command line. */
export type AuditVia = 'console' | 'cli';

/** The longest reason kept: enough for a paragraph, not for a paste of a whole conversation. */
export const AUDIT_REASON_MAX = 500;
