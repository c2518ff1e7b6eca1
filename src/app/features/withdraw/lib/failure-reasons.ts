import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the XRP Ledger's final refusals of a payment mean for the user, and what to do about them: a
 * refunded withdrawal's reason is the ledger's result code, which says nothing to most people and
 * would send them to try the same destination again. Other reasons (an operator's words) show as
 * written.
 */
export const LEDGER_REFUSALS: Partial<Record<string, MessageDescriptor>> = {
  tecDST_TAG_NEEDED: msg`this address needs a destination tag (memo); check the tag you saved with your exchange`,
  tecNO_DST: msg`this address does not exist on the XRP Ledger; check the address you saved`,
  tecNO_DST_INSUF_XRP: msg`this address does not exist on the XRP Ledger yet, and the payment was too small to open it; check the address you saved`,
  tecNO_PERMISSION: msg`the receiving account does not accept payments from Earnest; ask your exchange, or save another address`,
  tecNO_AUTH: msg`the receiving account does not accept payments from Earnest; ask your exchange, or save another address`,
};
