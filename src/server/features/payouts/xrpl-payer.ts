import { Client, decode, deriveAddress, Wallet, type Payment } from 'xrpl';

/** What the payout job needs from the XRP Ledger; the adapter below is the real one. */
export interface Payer {
  /**
   * Why the server should not be trusted for payouts now (not synced, no validated history, another
   * network than configured); null when it is fine.
   */
  serverProblem(): Promise<string | null>;
  /** The payout wallet's address (the only thing about the key that is ever logged). */
  readonly address: string;
  /**
   * What signing needs from the ledger, read in one go BEFORE any database lock is taken: the
   * network may take seconds to answer, and an embedded database serves one transaction at a time.
   */
  snapshot(): Promise<LedgerSnapshot>;
  /**
   * Signs one payment with the given Sequence, with the fee and expiry of `snapshot` (nothing is
   * read or sent): the blob, its hash and the ledger after which it expires.
   */
  sign(
    payment: { destination: string; tag: number; drops: bigint; sequence: number },
    snapshot: LedgerSnapshot,
  ): SignedPayment;
  /**
   * Sends a signed blob; sending the same blob twice cannot pay twice (same hash, same sequence).
   * The server's preliminary result: only the ledger's decides, but some say that this blob can never
   * be included however often it is sent (`neverIncluded`).
   */
  submit(blob: string): Promise<string>;
  /** The payment's final outcome, or pending while the ledger has not decided. */
  outcome(payment: SignedPaymentRef): Promise<PaymentOutcome>;
  readonly feeCapDrops: bigint;
  /** A payment as the ledger has it (validated ones only), for checking what an operator records. */
  payment(hash: string): Promise<LedgerPayment | null>;
  close(): Promise<void>;
}

export interface LedgerPayment {
  result: string;
  destination: string;
  tag: number | null;
  /** Drops delivered; null when the metadata names none (not an XRP payment). */
  deliveredDrops: bigint | null;
}

/**
 * The ledger as a payment is signed: the payout wallet as of the validated ledger and the fee to pay.
 * Every payment signed with a Sequence below `nextSequence` is in that ledger, so `spendableDrops` (the
 * balance less the reserve the ledger keeps, base + per owned object) shows it already. The most a
 * payment's fee can be is `feeCapDrops`.
 */
export interface LedgerSnapshot {
  /** The validated ledger: a payment signed after it was read can only be in a later one. */
  validatedLedger: number;
  nextSequence: number;
  spendableDrops: bigint;
  /** The server's price of getting into the open ledger (it rises under load), within the cap. */
  feeDrops: bigint;
}

export interface SignedPayment {
  blob: string;
  hash: string;
  lastLedgerSequence: number;
  /** The validated ledger when it was signed: the payment can only be in a later one. */
  signedLedger: number;
}

/** What is stored of a signed payment to find out, later, what became of it. */
export interface SignedPaymentRef {
  hash: string;
  /** The signed blob: it names the account that signed, which may not be today's payout wallet. */
  blob: string;
  sequence: number;
  signedLedger: number;
  lastLedgerSequence: number;
}

export type PaymentOutcome =
  | { kind: 'success'; deliveredDrops: bigint }
  | { kind: 'failed'; reason: string }
  /**
   * Proven never included, and past the last ledger it could be in: safe to sign again. The proof is
   * a complete search of its ledgers, or the account's Sequence at a validated ledger after its last
   * one still not past the payment's (the Sequence was never consumed: signed again with it), or
   * another validated transaction of the wallet that consumed the payment's Sequence (a Sequence is
   * used once: signed again with a new one).
   */
  | { kind: 'expired'; proof: 'searched_all' | 'sequence' | 'sequence_taken' }
  /** Undecided; `unproven` when its time is over but the server could not prove it was never included. */
  | { kind: 'pending'; unproven?: true };

/**
 * Preliminary results that are final: the blob is malformed (`tem`), or signed by a key the account
 * no longer accepts (a regular key rotated, the master key disabled), or for another network. Every
 * payment signed alike meets the same answer, so an operator must act (the key, the network).
 */
export function neverIncluded(engineResult: string): boolean {
  return (
    engineResult.startsWith('tem') ||
    [
      'tefBAD_AUTH',
      'tefBAD_AUTH_MASTER',
      'tefMASTER_DISABLED',
      'telREQUIRES_NETWORK_ID',
      'telWRONG_NETWORK',
    ].includes(engineResult)
  );
}

/** Ledgers a payment may wait for inclusion before it can never be included (about a minute). */
export const VALID_FOR_LEDGERS = 20;
/** The fee when the operator sets no cap: generous against load, still a fraction of a cent. */
export const DEFAULT_FEE_CAP_DROPS = 5_000n;

/** How many pages of the wallet's transactions a lookup of who took a Sequence reads at most. */
const TAKER_PAGES = 10;

/** A validated transaction's outcome, from its metadata; pending when the server gave none. */
function outcomeOfMeta(meta: unknown): PaymentOutcome {
  if (typeof meta !== 'object' || meta === null || !('TransactionResult' in meta)) return { kind: 'pending' };
  const { TransactionResult: code, delivered_amount: delivered } = meta as {
    TransactionResult: string;
    delivered_amount?: unknown;
  };
  if (code !== 'tesSUCCESS') return { kind: 'failed', reason: code };
  return { kind: 'success', deliveredDrops: typeof delivered === 'string' ? BigInt(delivered) : 0n };
}

/** Whether a txnNotFound answer says the server searched the whole range asked for (only `true` counts). */
/** Whether rippled refused a request with this code: xrpl.js puts it in the message or in the error's data. */
function isRippledError(error: unknown, code: string): error is Error {
  return error instanceof Error && (error.message + JSON.stringify(error)).includes(code);
}

function searchedAllOf(error: Error): boolean {
  const data = (error as Error & { data?: Record<string, unknown> }).data;
  const nested = data?.['data'] as Record<string, unknown> | undefined;
  return data?.['searched_all'] === true || nested?.['searched_all'] === true;
}

// AccountRoot's lsfDisableMaster flag: the master key no longer signs for the account.
const DISABLE_MASTER = 0x00100000;

/**
 * The payout wallet a key signs for: the key's own account, or `account` when the key is that
 * account's regular key (docs/payouts.md recommends one). Without `account` a regular key would sign
 * as its own, unfunded address.
 */
export function payoutWalletOf(seed: string, account?: string | null): Wallet {
  return Wallet.fromSeed(seed, account ? { masterAddress: account } : {});
}

/**
 * Why the key cannot pay for the account, from the account as the validated ledger has it; null when
 * it can. Checked once at connect, so a wrong key or address is named in the log at once rather than
 * met as a refusal of every payment.
 */
async function keyProblem(client: Client, wallet: Wallet): Promise<string | null> {
  let account: { Flags: number; RegularKey?: string };
  try {
    account = (
      await client.request({ command: 'account_info', account: wallet.address, ledger_index: 'validated' })
    ).result.account_data;
  } catch (error) {
    if (!isRippledError(error, 'actNotFound')) throw error;
    return `the payout account ${wallet.address} is not on the ledger: fund it, or, if XRPL_SEED is a regular key, set PAYOUT_WALLET_ADDRESS to the account it signs for`;
  }
  const signer = deriveAddress(wallet.publicKey);
  if (signer === wallet.address) {
    return (account.Flags & DISABLE_MASTER) !== 0
      ? `the master key of ${wallet.address} is disabled: put its regular key in XRPL_SEED`
      : null;
  }
  return account.RegularKey === signer
    ? null
    : `XRPL_SEED is not the regular key of ${wallet.address} (its key signs as ${signer})`;
}

/** The XRP Ledger through xrpl.js: the payout wallet's seed signs, a rippled server submits. */
export async function connectXrplPayer(
  url: string,
  seed: string,
  {
    account = null,
    feeCapDrops = DEFAULT_FEE_CAP_DROPS,
    networkId = null,
  }: { account?: string | null; feeCapDrops?: bigint; networkId?: number | null } = {},
): Promise<Payer> {
  const wallet = payoutWalletOf(seed, account);
  const client = new Client(url, { connectionTimeout: 10_000 });
  await client.connect();
  const problem = await keyProblem(client, wallet).catch(async (error: unknown) => {
    await client.disconnect();
    throw error;
  });
  if (problem !== null) {
    await client.disconnect();
    throw new Error(problem);
  }

  async function validatedLedgerIndex(): Promise<number> {
    const response = await client.request({ command: 'ledger', ledger_index: 'validated' });
    return response.result.ledger_index;
  }

  /** The server's price of getting into the open ledger now (it rises under load), within the cap. */
  async function feeDrops(): Promise<bigint> {
    const { result } = await client.request({ command: 'fee' });
    const wanted = [result.drops.open_ledger_fee, result.drops.minimum_fee, result.drops.base_fee]
      .map((drops) => BigInt(drops))
      .reduce((a, b) => (a > b ? a : b));
    return wanted < feeCapDrops ? wanted : feeCapDrops;
  }

  /**
   * The validated transaction of the wallet that consumed `sequence`, in ledgers `from` to `to`; null
   * when this server's history does not show it (which proves nothing). Sequences are consumed in
   * ledger order, so the walk stops at the first later one.
   */
  async function takerOf(account: string, sequence: number, from: number, to: number) {
    let marker: unknown;
    for (let page = 0; page < TAKER_PAGES; page++) {
      const { result } = await client.request({
        command: 'account_tx',
        account,
        ledger_index_min: from,
        ledger_index_max: to,
        forward: true,
        limit: 200,
        ...(marker === undefined ? {} : { marker }),
      });
      for (const entry of result.transactions) {
        const tx = entry.tx_json;
        // Payments to the wallet are listed too; a ticketed transaction has Sequence 0.
        if (!entry.validated || tx?.Account !== account || !tx.Sequence) continue;
        if (tx.Sequence === sequence) return entry.hash ? { hash: entry.hash, meta: entry.meta } : null;
        if (tx.Sequence > sequence) return null;
      }
      marker = result.marker;
      if (marker === undefined) return null;
    }
    return null;
  }

  return {
    feeCapDrops,

    async serverProblem() {
      const { info } = (await client.request({ command: 'server_info' })).result;
      if (!['full', 'proposing', 'validating'].includes(info.server_state)) {
        return `the XRPL server is ${info.server_state}, not synced`;
      }
      if (!info.validated_ledger || !info.complete_ledgers || info.complete_ledgers === 'empty') {
        return 'the XRPL server has no validated ledger history';
      }
      if (networkId !== null && info.network_id !== undefined && info.network_id !== networkId) {
        return `the XRPL server is on network ${info.network_id}, not ${networkId}`;
      }
      return null;
    },

    async snapshot() {
      // Both the wallet and the ledger number from the same validated ledger: its Sequence and
      // balance agree with each other, and a payment signed now can only be in a later ledger.
      const [info, server, fee] = await Promise.all([
        client.request({ command: 'account_info', account: wallet.address, ledger_index: 'validated' }),
        client.request({ command: 'server_info' }),
        feeDrops(),
      ]);
      const ledger = server.result.info.validated_ledger;
      const account = info.result.account_data;
      const reserve =
        BigInt(Math.round((ledger?.reserve_base_xrp ?? 10) * 1e6)) +
        BigInt(account.OwnerCount) * BigInt(Math.round((ledger?.reserve_inc_xrp ?? 2) * 1e6));
      const validatedLedger = info.result.ledger_index ?? (await validatedLedgerIndex());
      return {
        validatedLedger,
        nextSequence: account.Sequence,
        spendableDrops: BigInt(account.Balance) - reserve,
        feeDrops: fee,
      };
    },

    address: wallet.address,

    sign({ destination, tag, drops, sequence }, snapshot) {
      const lastLedgerSequence = snapshot.validatedLedger + VALID_FOR_LEDGERS;
      const payment: Payment = {
        TransactionType: 'Payment',
        Account: wallet.address,
        Destination: destination,
        DestinationTag: tag,
        Amount: drops.toString(),
        Fee: snapshot.feeDrops.toString(),
        Sequence: sequence,
        LastLedgerSequence: lastLedgerSequence,
      };
      const signed = wallet.sign(payment);
      return {
        blob: signed.tx_blob,
        hash: signed.hash,
        lastLedgerSequence,
        signedLedger: snapshot.validatedLedger,
      };
    },

    async submit(blob) {
      return (await client.request({ command: 'submit', tx_blob: blob })).result.engine_result;
    },

    async outcome({ hash, blob, sequence, signedLedger, lastLedgerSequence }) {
      // The validated ledger is read BEFORE the lookup: a payment that a complete search up to its
      // LastLedgerSequence did not find can never be included afterwards. Read after, a lookup that
      // raced the payment's inclusion would look like an expiry, and a paid withdrawal be refunded.
      const validated = await validatedLedgerIndex();
      let searchedAll = false;
      try {
        const response = await client.request({
          command: 'tx',
          transaction: hash,
          // It cannot be in the ledger validated when it was signed, nor in an earlier one.
          min_ledger: signedLedger + 1,
          max_ledger: lastLedgerSequence,
        });
        const { result } = response;
        if (result.validated) return outcomeOfMeta(result.meta);
      } catch (error) {
        if (!isRippledError(error, 'txnNotFound')) throw error;
        searchedAll = searchedAllOf(error);
      }
      if (validated <= lastLedgerSequence) return { kind: 'pending' };
      // Past its last ledger, "not found" proves nothing unless the server searched every ledger the
      // payment could be in: one missing history (restarted, catching up, another backend behind a
      // load balancer) answers "not found" for a payment it has.
      if (searchedAll) return { kind: 'expired', proof: 'searched_all' };
      // The other proof needs no history: the account's Sequence as of that same validated ledger. A
      // Sequence is consumed by exactly one transaction, in order; if the account has not moved past the
      // payment's, nothing with it was included up to a ledger beyond the payment's last one.
      // The account that signed it: the payout wallet may have changed since (another address in
      // PAYOUT_WALLET_ADDRESS), and another account's Sequence proves nothing about this payment.
      const signer = String(decode(blob)['Account']);
      const account = await client.request({
        command: 'account_info',
        account: signer,
        ledger_index: validated,
      });
      if (account.result.account_data.Sequence <= sequence) return { kind: 'expired', proof: 'sequence' };
      // The Sequence was consumed, by this payment or by another transaction of the wallet (one sent
      // by hand, with another tool). rippled answers a payment it was sent and never included as
      // "found, not validated" for as long as it keeps it in its cache, so only the transaction that
      // consumed the Sequence can tell: this payment's result, or proof that it can never be included.
      const taker = await takerOf(signer, sequence, signedLedger + 1, validated);
      if (taker === null) return { kind: 'pending', unproven: true };
      if (taker.hash !== hash) return { kind: 'expired', proof: 'sequence_taken' };
      return outcomeOfMeta(taker.meta);
    },

    payment: (hash) => lookupPayment(client, hash),

    close: () => client.disconnect(),
  };
}

/** A payment as a rippled server has it, validated ones only; null when it has none such. */
export async function lookupPayment(client: Client, hash: string): Promise<LedgerPayment | null> {
  try {
    const { result } = await client.request({ command: 'tx', transaction: hash });
    if (!result.validated || typeof result.meta !== 'object' || result.meta === null) return null;
    const tx = (result.tx_json ?? result) as { Destination?: string; DestinationTag?: number };
    const delivered = result.meta.delivered_amount;
    return {
      result: result.meta.TransactionResult,
      destination: tx.Destination ?? '',
      tag: typeof tx.DestinationTag === 'number' ? tx.DestinationTag : null,
      deliveredDrops: typeof delivered === 'string' ? BigInt(delivered) : null,
    };
  } catch (error) {
    if (isRippledError(error, 'txnNotFound')) return null;
    throw error;
  }
}
