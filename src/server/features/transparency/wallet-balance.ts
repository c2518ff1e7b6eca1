import { Client } from 'xrpl';
import { UNITS_PER_DROP, type Amount } from '#domain/money/amount.ts';
import { validatedBalanceDrops } from '#server/lib/xrpl-balance.ts';

/** Reads an account's balance on the XRP Ledger; null when the ledger did not answer. */
export interface WalletReader {
  balance(address: string): Promise<Amount | null>;
  close(): Promise<void>;
}

/**
 * The wallet's validated balance from a rippled server, through xrpl.js. Only the address is needed:
 * the web process never holds the payout key (docs/payouts.md#the-key). It connects when first asked
 * and again after a drop; a failure is "unknown", never a zero.
 */
export function xrplWalletReader(url: string, timeoutMs = 5_000): WalletReader {
  const client = new Client(url, { connectionTimeout: timeoutMs, timeout: timeoutMs });
  return {
    async balance(address) {
      try {
        if (!client.isConnected()) await client.connect();
        return (await validatedBalanceDrops(client, address)) * UNITS_PER_DROP;
      } catch {
        return null;
      }
    },
    async close() {
      if (client.isConnected()) await client.disconnect();
    },
  };
}
