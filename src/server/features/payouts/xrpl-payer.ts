import { Client, Wallet, type Payment } from 'xrpl';

/** What the payout job needs from the XRP Ledger; the adapter below is the real one. */
export interface Payer {
  /** Signs one payment (nothing is sent): the blob, its hash and the ledger after which it expires. */
  sign(payment: { destination: string; tag: number; drops: bigint }): Promise<SignedPayment>;
  /** Sends a signed blob; sending the same blob twice cannot pay twice (same hash, same sequence). */
  submit(blob: string): Promise<void>;
  /** The payment's final outcome, or pending while the ledger has not decided. */
  outcome(hash: string, lastLedgerSequence: number): Promise<PaymentOutcome>;
  close(): Promise<void>;
}

export interface SignedPayment {
  blob: string;
  hash: string;
  lastLedgerSequence: number;
}

export type PaymentOutcome =
  { kind: 'success'; deliveredDrops: bigint } | { kind: 'failed'; reason: string } | { kind: 'pending' };

/** Ledgers a payment may wait for inclusion before it can never be included (about a minute). */
const VALID_FOR_LEDGERS = 20;
/** Drops paid as the transaction fee; the open ledger's minimum is 10. */
const FEE_DROPS = '12';

/** The XRP Ledger through xrpl.js: the payout wallet's seed signs, a rippled server submits. */
export async function connectXrplPayer(url: string, seed: string): Promise<Payer> {
  const wallet = Wallet.fromSeed(seed);
  const client = new Client(url, { connectionTimeout: 10_000 });
  await client.connect();

  async function validatedLedger(): Promise<number> {
    const response = await client.request({ command: 'ledger', ledger_index: 'validated' });
    return response.result.ledger_index;
  }

  return {
    async sign({ destination, tag, drops }) {
      const info = await client.request({
        command: 'account_info',
        account: wallet.address,
        ledger_index: 'current',
      });
      const lastLedgerSequence = (await validatedLedger()) + VALID_FOR_LEDGERS;
      const payment: Payment = {
        TransactionType: 'Payment',
        Account: wallet.address,
        Destination: destination,
        DestinationTag: tag,
        Amount: drops.toString(),
        Fee: FEE_DROPS,
        Sequence: info.result.account_data.Sequence,
        LastLedgerSequence: lastLedgerSequence,
      };
      const signed = wallet.sign(payment);
      return { blob: signed.tx_blob, hash: signed.hash, lastLedgerSequence };
    },

    async submit(blob) {
      await client.request({ command: 'submit', tx_blob: blob });
    },

    async outcome(hash, lastLedgerSequence) {
      try {
        const response = await client.request({ command: 'tx', transaction: hash });
        const { result } = response;
        if (result.validated) {
          const meta = result.meta;
          if (typeof meta !== 'object' || meta === null) return { kind: 'pending' };
          const code = meta.TransactionResult;
          if (code === 'tesSUCCESS') {
            const delivered = meta.delivered_amount;
            return {
              kind: 'success',
              deliveredDrops: typeof delivered === 'string' ? BigInt(delivered) : 0n,
            };
          }
          return { kind: 'failed', reason: code };
        }
      } catch (error) {
        if (!(error instanceof Error) || !/txnNotFound/.test(error.message + JSON.stringify(error)))
          throw error;
      }
      // Not validated (or unknown): final only once the ledger is past its last allowed sequence.
      return (await validatedLedger()) > lastLedgerSequence
        ? { kind: 'failed', reason: 'expired: not included before LastLedgerSequence' }
        : { kind: 'pending' };
    },

    close: () => client.disconnect(),
  };
}
