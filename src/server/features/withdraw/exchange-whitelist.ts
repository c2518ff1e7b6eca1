/**
 * The demo whitelist of exchanges whose XRP deposit addresses Earnest pays out to (docs/product-rules.md#api-conventions). Each
 * address is the exchange's published, shared deposit account (users are told apart by their
 * destination tag). Source for every entry: the account's public label on the XRP Ledger explorer
 * XRPScan (https://xrpscan.com/account/<address>), as listed by the exchange; an operator must check
 * them against each exchange's own deposit page before real use, and replaces this list with
 * `EXCHANGE_WHITELIST_FILE` (JSON: [{ "name": "...", "addresses": ["r..."] }]).
 */
export interface WhitelistedExchange {
  name: string;
  addresses: string[];
}

export const DEMO_EXCHANGE_WHITELIST: WhitelistedExchange[] = [
  // https://xrpscan.com/account/rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh
  { name: 'Binance', addresses: ['rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'] },
  // https://xrpscan.com/account/rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B
  { name: 'Bitstamp', addresses: ['rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B'] },
  // https://xrpscan.com/account/rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh
  { name: 'Kraken', addresses: ['rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh'] },
  // https://xrpscan.com/account/rLW9gnQo7BQhU6igk5keqYnH3TVrCxGRzm
  { name: 'Bitfinex', addresses: ['rLW9gnQo7BQhU6igk5keqYnH3TVrCxGRzm'] },
  // https://xrpscan.com/account/rw2ciyaNshpHe7bCHo4bRWq6pqqynnWKQg
  { name: 'Coinbase', addresses: ['rw2ciyaNshpHe7bCHo4bRWq6pqqynnWKQg'] },
];
