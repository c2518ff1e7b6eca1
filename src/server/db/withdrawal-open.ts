import { inArray, type SQL } from 'drizzle-orm';
import { withdrawals } from './schema.ts';

/**
 * Whether a withdrawal is not final yet: waiting out its delay (processing) or being paid
 * (transferring). Its amount has left the balance and is still owed; a user has one such at most
 * (withdrawals_one_open_per_user in schema.ts).
 */
export function withdrawalOpen(): SQL {
  return inArray(withdrawals.status, ['processing', 'transferring']);
}
