// The fake rippled as a process of its own, for browser tests (Playwright's loader cannot load
// xrpl.js). First line on stdout: {"url", "seed"} (a fresh payout wallet); then one line per
// submitted transaction: {"submitted": {hash, ...tx}}. Ends on SIGTERM.
import { Wallet } from 'xrpl';
import { startFakeRippled } from './fake-rippled.ts';

const fake = await startFakeRippled({ closeMs: Number(process.env['CLOSE_MS'] ?? 200) });
fake.onSubmit = (hash, tx) => console.log(JSON.stringify({ submitted: { hash, ...tx } }));
console.log(JSON.stringify({ url: fake.url, seed: Wallet.generate().seed }));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
