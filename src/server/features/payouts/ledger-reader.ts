import { Client } from 'xrpl';
import { validatedBalanceDrops } from '#server/lib/xrpl-balance.ts';
import { lookupPayment, type LedgerPayment } from './xrpl-payer.ts';

/** What the console reads from the XRP Ledger without any key: balances and payments. */
export interface LedgerReader {
  /** An account's balance at the latest validated ledger, in drops. */
  balanceOf(address: string): Promise<bigint>;
  /** A validated payment by its hash; null when the ledger has none such. */
  payment(hash: string): Promise<LedgerPayment | null>;
}

/**
 * Reads the XRP Ledger through one rippled server, with one connection per call: the console asks
 * rarely, and a long-lived connection would have to be watched and reconnected.
 */
export function xrplLedgerReader(url: string): LedgerReader {
  async function withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client(url, { connectionTimeout: 10_000 });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.disconnect().catch(() => undefined);
    }
  }
  return {
    balanceOf: (address) => withClient((client) => validatedBalanceDrops(client, address)),
    payment: (hash) => withClient((client) => lookupPayment(client, hash)),
  };
}
