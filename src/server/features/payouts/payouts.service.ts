/**
 * The payouts feature's face to the rest of the server (docs/payouts.md): the operator's actions on
 * withdrawals, the ledger's connections, and paying one withdrawal now.
 */
export { payoutActions, payoutOperator, type OperatorOutcome } from './operator.ts';
export { connectXrplPayer, payoutWalletOf, type Payer } from './xrpl-payer.ts';
export { xrplLedgerReader, type LedgerReader } from './ledger-reader.ts';
