import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditTarget } from '#domain/ops/audit.ts';

/** What each audit action is called in the console. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  'operator.create': msg`Operator created`,
  'operator.reset': msg`Operator set-up link renewed`,
  'operator.disable': msg`Operator disabled`,
  'operator.setup': msg`Operator set up`,
  'operator.sign_in': msg`Signed in`,
  'operator.sign_out': msg`Signed out`,
  'withdrawal.claim': msg`Withdrawal claimed to pay by hand`,
  'withdrawal.release': msg`Withdrawal given back to the payout job`,
  'withdrawal.pay_now': msg`Withdrawal paid now`,
  'withdrawal.mark_paid': msg`Withdrawal recorded as paid`,
  'withdrawal.reject': msg`Withdrawal rejected and refunded`,
  'user.ban': msg`User banned`,
  'user.unban': msg`Ban lifted`,
  'task.create': msg`Task created`,
  'task.edit': msg`Task edited`,
  'task.enable': msg`Task enabled`,
  'task.disable': msg`Task disabled`,
  'task.reorder': msg`Tasks reordered`,
  'setting.schedule': msg`Setting change scheduled`,
  'testimonial.approve': msg`Testimonial approved`,
  'testimonial.reject': msg`Testimonial rejected`,
};

export const AUDIT_TARGET_LABELS: Record<AuditTarget, MessageDescriptor> = {
  operator: msg`Operator`,
  withdrawal: msg`Withdrawal`,
  user: msg`User`,
  task: msg`Task`,
  setting: msg`Setting`,
  testimonial: msg`Testimonial`,
};
