/**
 * The lock reason a deletion records on the account's row, which stays because the ledger points to
 * it: it is never lifted. A deleted account's balance is lost to its owner (the deletion dialog says
 * so), so it is owed to no one.
 */
export const ACCOUNT_DELETED = 'account_deleted';
