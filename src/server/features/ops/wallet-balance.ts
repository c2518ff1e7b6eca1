import { Client } from 'xrpl';

/** Reads an account's balance on the XRP Ledger, in drops; no key is needed for that. */
export type WalletBalanceReader = (address: string) => Promise<bigint>;

/**
 * The balance of an account at the latest validated ledger, from one rippled server. One connection
 * per call: the console asks rarely, and a long-lived one would have to be watched and reconnected.
 */
export function xrplBalanceReader(url: string): WalletBalanceReader {
  return async (address) => {
    const client = new Client(url, { connectionTimeout: 10_000 });
    await client.connect();
    try {
      const info = await client.request({
        command: 'account_info',
        account: address,
        ledger_index: 'validated',
      });
      return BigInt(info.result.account_data.Balance);
    } finally {
      await client.disconnect().catch(() => undefined);
    }
  };
}
