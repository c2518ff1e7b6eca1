import type { Client } from 'xrpl';

/** An account's balance at the latest validated ledger, in drops: never one a later ledger may undo. */
export async function validatedBalanceDrops(client: Client, address: string): Promise<bigint> {
  const info = await client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
  return BigInt(info.result.account_data.Balance);
}
