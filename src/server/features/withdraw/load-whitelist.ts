import { readFileSync } from 'node:fs';
import { isValidClassicAddress } from 'ripple-address-codec';
import { z } from 'zod';
import { DEMO_EXCHANGE_WHITELIST, type WhitelistedExchange } from './exchange-whitelist.ts';

const WhitelistFileSchema = z
  .array(z.object({ name: z.string().min(1), addresses: z.array(z.string()).min(1) }))
  .min(1);

/**
 * The operator's whitelist file, or the demo list. An address with a bad checksum stops the start:
 * paying to a mistyped exchange address would lose the user's money.
 */
export function loadWhitelist(
  file: string | undefined,
  payoutWallet: string | null = null,
): WhitelistedExchange[] {
  const list = file
    ? WhitelistFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    : DEMO_EXCHANGE_WHITELIST;
  const bad = list.flatMap((exchange) => exchange.addresses).filter((a) => !isValidClassicAddress(a));
  if (bad.length > 0) throw new Error(`Invalid addresses in the exchange whitelist: ${bad.join(', ')}`);
  // Paying the payout wallet itself would burn fees and report payouts that moved nothing.
  if (payoutWallet !== null && list.some((exchange) => exchange.addresses.includes(payoutWallet))) {
    throw new Error(`The payout wallet ${payoutWallet} is in the exchange list: remove it`);
  }
  return list;
}
