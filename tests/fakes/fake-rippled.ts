import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decode, deriveAddress, hashes } from 'xrpl';

/**
 * A rippled on 127.0.0.1 that speaks the subset of the WebSocket API xrpl.js uses for payments
 * (server_info, account_info, ledger, fee, submit, tx, account_tx) and keeps a ledger of its own, as unkind as
 * the network: sequences are checked and consumed; a submitted transaction goes into the ledger that
 * closes next (every `closeMs`), and that ledger is validated one close later, so a result read in
 * between is provisional (and may differ); a fee below the open ledger's cost waits in the queue,
 * where it stays while the cost stays high and is dropped once its last ledger has passed; a
 * connection may drop after a request was carried out but before it was answered; a transaction it
 * was sent and never included is answered "found, not validated" for as long as it stays in the
 * server's cache, never "not found". A validated result is final. `outcome` chooses what applying a
 * payment does.
 */
export type FakeOutcome = 'tesSUCCESS' | 'tecNO_DST_INSUF_XRP' | 'never-included';

interface Applied {
  hash: string;
  delivered?: string;
  tx: Record<string, unknown>;
  result: string;
  ledgerIndex: number;
  /** Sent with a fee below the open ledger's cost: it waits in the queue. */
  queued?: boolean;
}

export interface FakeRippled {
  url: string;
  outcome: FakeOutcome;
  /** Every distinct signed payment ever submitted, by hash. */
  submitted: Map<string, Record<string, unknown>>;
  /** Payments applied to a closed ledger (final once the next close validates it). */
  applied: Map<string, Applied>;
  validatedLedger(): number;
  /** Whether a payment is in a validated ledger (its result final). */
  isValidated(hash: string): boolean;
  /**
   * The first ledger this server holds (a server that restarted or is catching up, or another backend
   * behind a load balancer, lacks older ones): a lookup that reaches below it is not "searched all".
   */
  historyFrom: number;
  /**
   * The next lookup of each of these hashes is answered from a lagging view: "not found" (the payment
   * was not validated yet there), and the ledger then moves `lagLedgers` on before the next request.
   */
  lagOnce: Set<string>;
  /** When set, a successful payment delivers only this many drops (a partial payment's metadata). */
  partialDelivery: string | null;
  /** Every account's XRP in drops; a payment moves it (amount and fee), a failed one burns the fee. */
  balances: Map<string, bigint>;
  /** The reserve an account must keep, in drops (base reserve; these accounts own no objects). */
  reserveDrops: bigint;
  /** The next this-many requests are answered `tooBusy`, as an overloaded server does. */
  busyNext: number;
  /**
   * While set, answers to these commands wait until `release` settles, as a distant or overloaded
   * server's do (seconds, at times); `waiting` counts the requests held so.
   */
  stall: { commands: Set<string>; release: Promise<void> } | null;
  waiting: number;
  /** Drops every client connection, as a restarting server or a network cut does. */
  disconnectAll(): void;
  /** What server_info says of the server: `full` when synced (`connected`, `syncing` while catching up). */
  serverState: string;
  /** The open ledger's cost in drops (rises under load); a lower fee is queued, one below the base refused. */
  openLedgerFee: bigint;
  lagLedgers: number;
  /**
   * While false no ledger closes. The real network closes one every 3 to 5 seconds, so a pass of the
   * job signs and sends several payments before any of them is validated; tests pause closing to
   * reproduce that on a fake that otherwise closes every few milliseconds.
   */
  closing: boolean;
  /** Closes one ledger now (with `closing` off, tests step the network a ledger at a time). */
  closeNow(): void;
  /**
   * When set, a result read before its ledger is validated says this instead of the final one (the
   * network may still order that ledger's transactions otherwise).
   */
  provisionalResult: string | null;
  /** The next request of this command is carried out, then the connection drops before the answer. */
  dropAfter: 'submit' | 'tx' | null;
  /** Told of every submission (the standalone runner prints them for tests in other processes). */
  onSubmit: ((hash: string, tx: Record<string, unknown>) => void) | null;
  /**
   * rippled keeps every transaction it was sent in a cache (30 minutes from the last lookup, so a
   * job that looks it up every pass keeps it there), and `tx` answers one never included from there:
   * found, no ledger, no result, not validated, and never `txnNotFound` with `searched_all`. Off for
   * a server that restarted since, or another backend behind a load balancer.
   */
  cachesSubmitted: boolean;
  /**
   * When set, every submission is refused with this final result and never included: the account no
   * longer accepts the signing key (`tefBAD_AUTH` after a regular key was rotated), or the blob is
   * malformed (`tem…`).
   */
  refusesAs: string | null;
  /**
   * Accounts that were never funded: `account_info` answers `actNotFound` and a transaction from one
   * is `terNO_ACCOUNT`, as the network does for the address of a key that only signs for another
   * account (a regular key's own address). Every other account exists, with a starting balance.
   */
  unfunded: Set<string>;
  /** Each account's regular key (its address), set by a SetRegularKey from the master key. */
  regularKeys: Map<string, string>;
  /** Accounts whose master key was disabled: only their regular key signs (`tefMASTER_DISABLED`). */
  masterDisabled: Set<string>;
  close(): Promise<void>;
}

export async function startFakeRippled({ closeMs = 50 } = {}): Promise<FakeRippled> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let validated = 1000;
  // The last closed ledger: the network validates it at the next close.
  let closed = validated;
  // The account's next Sequence in the open ledger (what submissions are checked against), and as of
  // each validated ledger (what `account_info` answers for 'validated' or a ledger index).
  const sequences = new Map<string, number>();
  const validatedSequences: { ledger: number; account: string; next: number }[] = [];
  const sequenceAt = (account: string, ledger: number) =>
    validatedSequences.filter((s) => s.account === account && s.ledger <= ledger).at(-1)?.next ?? 1;
  const pending: Applied[] = [];
  const fake: FakeRippled = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    outcome: 'tesSUCCESS',
    submitted: new Map(),
    applied: new Map(),
    validatedLedger: () => validated,
    isValidated: (hash) => (fake.applied.get(hash)?.ledgerIndex ?? Infinity) <= validated,
    historyFrom: 1,
    lagOnce: new Set(),
    lagLedgers: 25,
    closing: true,
    closeNow: () => closeLedger(),
    provisionalResult: null,
    dropAfter: null,
    partialDelivery: null,
    balances: new Map(),
    reserveDrops: 10_000_000n,
    openLedgerFee: 10n,
    serverState: 'full',
    busyNext: 0,
    stall: null,
    waiting: 0,
    disconnectAll() {
      for (const client of server.clients) client.terminate();
    },
    onSubmit: null,
    cachesSubmitted: true,
    refusesAs: null,
    unfunded: new Set(),
    regularKeys: new Map(),
    masterDisabled: new Set(),
    async close() {
      clearInterval(ticker);
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const BASE_FEE = 10n;
  const STARTING_BALANCE = 100_000_000_000n;
  const balanceOf = (account: string) => fake.balances.get(account) ?? STARTING_BALANCE;
  // lsfDisableMaster in AccountRoot's Flags.
  const DISABLE_MASTER = 0x00100000;

  /** What the ledger says of a transaction signed by this key for this account, before anything else. */
  function authorityProblem(account: string, signingPubKey: string): string | null {
    if (fake.unfunded.has(account)) return 'terNO_ACCOUNT';
    const signer = deriveAddress(signingPubKey);
    if (signer === account) return fake.masterDisabled.has(account) ? 'tefMASTER_DISABLED' : null;
    return fake.regularKeys.get(account) === signer ? null : 'tefBAD_AUTH';
  }

  /** Applies a payment in the ledger that closes: its result follows the sender's funds then. */
  function apply(entry: Applied) {
    entry.ledgerIndex = closed;
    const from = String(entry.tx['Account']);
    const to = String(entry.tx['Destination']);
    const fee = BigInt(String(entry.tx['Fee']));
    const amount = BigInt(String(entry.tx['Amount']));
    const delivered = entry.delivered === undefined ? amount : BigInt(entry.delivered);
    if (entry.result === 'tesSUCCESS' && balanceOf(from) - fake.reserveDrops - fee < delivered) {
      entry.result = 'tecUNFUNDED_PAYMENT';
    }
    fake.balances.set(from, balanceOf(from) - fee - (entry.result === 'tesSUCCESS' ? delivered : 0n));
    if (entry.result === 'tesSUCCESS') fake.balances.set(to, balanceOf(to) + delivered);
    validatedSequences.push({ ledger: closed, account: from, next: Number(entry.tx['Sequence']) + 1 });
    fake.applied.set(entry.hash, entry);
  }

  /**
   * The open ledger closes: the last closed one is validated, and what waits goes in, by Sequence. A
   * queued transaction waits while its fee is below the open ledger's cost, and the account's later
   * ones wait behind it; one whose last ledger has passed is dropped and can never be included.
   */
  function closeLedger() {
    validated = closed;
    closed += 1;
    const waiting = pending.splice(0).sort((a, b) => Number(a.tx['Sequence']) - Number(b.tx['Sequence']));
    const blocked = new Set<string>();
    for (const entry of waiting) {
      const account = String(entry.tx['Account']);
      if (Number(entry.tx['LastLedgerSequence']) < closed) {
        blocked.add(account);
        continue;
      }
      if (blocked.has(account) || (entry.queued && BigInt(String(entry.tx['Fee'])) < fake.openLedgerFee)) {
        blocked.add(account);
        pending.push(entry);
        continue;
      }
      apply(entry);
    }
    // The open ledger's view of each account: its last closed Sequence, then what still waits in order.
    for (const account of new Set(waiting.map((entry) => String(entry.tx['Account'])))) {
      let next = sequenceAt(account, closed);
      while (pending.some((p) => p.tx['Account'] === account && Number(p.tx['Sequence']) === next)) next += 1;
      sequences.set(account, next);
    }
  }

  /** An applied transaction's metadata, with `result` (the final one, or a provisional one). */
  const metaOf = (entry: Applied, result: string) => ({
    TransactionIndex: 0,
    TransactionResult: result,
    ...(result === 'tesSUCCESS' ? { delivered_amount: entry.delivered ?? entry.tx['Amount'] } : {}),
  });

  const ticker = setInterval(() => {
    if (fake.closing) closeLedger();
  }, closeMs);

  const answer = (request: Record<string, unknown>): Record<string, unknown> => {
    if (fake.busyNext > 0) {
      fake.busyNext -= 1;
      throw Object.assign(new Error('tooBusy'), { rippled: 'tooBusy' });
    }
    switch (request['command']) {
      case 'server_info':
        return {
          info: {
            build_version: 'fake',
            server_state: fake.serverState,
            network_id: 0,
            complete_ledgers: `${fake.historyFrom}-${validated}`,
            validated_ledger: {
              seq: validated,
              base_fee_xrp: Number(BASE_FEE) / 1e6,
              reserve_base_xrp: Number(fake.reserveDrops) / 1e6,
              reserve_inc_xrp: 2,
            },
          },
        };
      case 'fee':
        return {
          current_ledger_size: '10',
          current_queue_size: '0',
          ledger_current_index: closed + 1,
          drops: {
            base_fee: String(BASE_FEE),
            median_fee: '5000',
            minimum_fee: String(BASE_FEE),
            open_ledger_fee: String(fake.openLedgerFee),
          },
        };
      case 'ledger': {
        // A ledger index is honoured: one not validated yet is not found.
        const asked = request['ledger_index'];
        const index = typeof asked === 'number' ? asked : validated;
        if (index > validated) throw Object.assign(new Error('lgrNotFound'), { rippled: 'lgrNotFound' });
        return { ledger_index: index, ledger_hash: 'F'.repeat(64), validated: true };
      }
      case 'account_info': {
        const account = String(request['account']);
        if (fake.unfunded.has(account))
          throw Object.assign(new Error('actNotFound'), { rippled: 'actNotFound' });
        const regularKey = fake.regularKeys.get(account);
        const asked = request['ledger_index'];
        if (typeof asked === 'number' && asked > validated) {
          throw Object.assign(new Error('lgrNotFound'), { rippled: 'lgrNotFound' });
        }
        // 'current' sees the open ledger's submissions; 'validated' or an index only what is validated.
        const current = asked === 'current' || asked === undefined;
        const index = typeof asked === 'number' ? asked : validated;
        const sequence = current ? (sequences.get(account) ?? 1) : sequenceAt(account, index);
        return {
          // Which ledger answered, as rippled says: the open one's index, or a validated one's.
          ...(current ? { ledger_current_index: closed + 1 } : { ledger_index: index, validated: true }),
          account_data: {
            Account: account,
            Sequence: sequence,
            Balance: String(balanceOf(account)),
            OwnerCount: 0,
            Flags: fake.masterDisabled.has(account) ? DISABLE_MASTER : 0,
            ...(regularKey === undefined ? {} : { RegularKey: regularKey }),
          },
        };
      }
      case 'submit': {
        const blob = String(request['tx_blob']);
        const tx = decode(blob) as Record<string, unknown>;
        const hash = hashes.hashSignedTx(blob);
        fake.submitted.set(hash, tx);
        fake.onSubmit?.(hash, tx);
        const account = String(tx['Account']);
        const expected = sequences.get(account) ?? 1;
        if (fake.refusesAs !== null) return { engine_result: fake.refusesAs, tx_json: { ...tx, hash } };
        const refused = authorityProblem(account, String(tx['SigningPubKey']));
        if (refused !== null) return { engine_result: refused, tx_json: { ...tx, hash } };
        if (fake.applied.has(hash) || pending.some((p) => p.hash === hash)) {
          return { engine_result: 'tefPAST_SEQ', tx_json: { ...tx, hash } };
        }
        const sequence = Number(tx['Sequence']);
        // A Sequence already used is past; one ahead of the account's waits for the gap (rippled holds
        // it locally and never includes it while the gap stays open).
        if (sequence < expected) return { engine_result: 'tefPAST_SEQ', tx_json: { ...tx, hash } };
        if (sequence > expected) return { engine_result: 'terPRE_SEQ', tx_json: { ...tx, hash } };
        const fee = BigInt(String(tx['Fee']));
        if (fee < BASE_FEE) return { engine_result: 'telINSUF_FEE_P', tx_json: { ...tx, hash } };
        if (Number(tx['LastLedgerSequence']) <= closed)
          return { engine_result: 'tefMAX_LEDGER', tx_json: { ...tx, hash } };
        if (fake.outcome === 'never-included')
          return { engine_result: 'tesSUCCESS', tx_json: { ...tx, hash } };
        sequences.set(account, expected + 1);
        // Below the open ledger's cost it waits in the queue, and so does whatever follows it.
        const queued =
          fee < fake.openLedgerFee || pending.some((p) => p.queued && p.tx['Account'] === account);
        pending.push({
          hash,
          tx,
          result: fake.outcome,
          ledgerIndex: 0,
          queued,
          ...(fake.partialDelivery === null ? {} : { delivered: fake.partialDelivery }),
        });
        return { engine_result: queued ? 'terQUEUED' : fake.outcome, tx_json: { ...tx, hash } };
      }
      case 'tx': {
        const hash = String(request['transaction']);
        const entry = fake.applied.get(hash);
        // rippled's txnNotFound says whether the whole range asked for was searched: only when the
        // server holds every ledger in [min_ledger, max_ledger] and has validated up to max_ledger.
        const min = typeof request['min_ledger'] === 'number' ? request['min_ledger'] : null;
        const max = typeof request['max_ledger'] === 'number' ? request['max_ledger'] : null;
        const searchedAll = min !== null && max !== null && min >= fake.historyFrom && max <= validated;
        const notFound = () =>
          Object.assign(new Error('txnNotFound'), { rippled: 'txnNotFound', searched_all: searchedAll });
        if (fake.lagOnce.delete(hash)) {
          // The open ledger closes with the payment in it, this lagging view has not seen that yet, and
          // by the next request the network is `lagLedgers` further on (all of it validated).
          closeLedger();
          closed += fake.lagLedgers;
          validated = closed;
          throw Object.assign(new Error('txnNotFound'), { rippled: 'txnNotFound', searched_all: false });
        }
        // In the open ledger, not closed yet: found, and said to be not validated. In the queue: not in
        // any ledger, so not found.
        const open = pending.find((p) => p.hash === hash);
        if (open && !open.queued) return { hash, tx_json: open.tx, validated: false };
        const sent = fake.submitted.get(hash);
        if (!entry && sent && fake.cachesSubmitted) return { hash, tx_json: sent, validated: false };
        if (!entry || entry.ledgerIndex < fake.historyFrom) throw notFound();
        const final = entry.ledgerIndex <= validated;
        const result = final ? entry.result : (fake.provisionalResult ?? entry.result);
        return {
          hash: entry.hash,
          tx_json: entry.tx,
          ledger_index: entry.ledgerIndex,
          validated: final,
          meta: metaOf(entry, result),
        };
      }
      case 'account_tx': {
        // The account's validated transactions in the ledgers asked for that this server holds, sent
        // or received, oldest first with `forward`, a page of `limit` at a time (API version 2).
        const account = String(request['account']);
        const min = Math.max(Number(request['ledger_index_min'] ?? 0), fake.historyFrom);
        const max = Math.min(Number(request['ledger_index_max'] ?? validated), validated);
        const limit = Math.min(Number(request['limit'] ?? 200), 400);
        const found = [...fake.applied.values()]
          .filter((e) => e.tx['Account'] === account || e.tx['Destination'] === account)
          .filter((e) => e.ledgerIndex >= min && e.ledgerIndex <= max)
          .sort(
            (a, b) => a.ledgerIndex - b.ledgerIndex || Number(a.tx['Sequence']) - Number(b.tx['Sequence']),
          );
        if (request['forward'] !== true) found.reverse();
        const from = typeof request['marker'] === 'number' ? request['marker'] : 0;
        const page = found.slice(from, from + limit);
        return {
          account,
          ledger_index_min: min,
          ledger_index_max: max,
          limit,
          ...(from + limit < found.length ? { marker: from + limit } : {}),
          transactions: page.map((e) => ({
            ledger_index: e.ledgerIndex,
            hash: e.hash,
            tx_json: e.tx,
            meta: metaOf(e, e.result),
            validated: true,
          })),
        };
      }
      default:
        throw Object.assign(new Error('unknownCmd'), { rippled: 'unknownCmd' });
    }
  };

  server.on('connection', (socket: WebSocket) => {
    socket.on('message', async (data) => {
      const request = JSON.parse(String(data)) as Record<string, unknown>;
      const stall = fake.stall;
      if (stall?.commands.has(String(request['command']))) {
        fake.waiting += 1;
        await stall.release;
        fake.waiting -= 1;
      }
      try {
        const result = answer(request);
        if (fake.dropAfter !== null && fake.dropAfter === request['command']) {
          fake.dropAfter = null;
          socket.terminate();
          return;
        }
        socket.send(JSON.stringify({ id: request['id'], type: 'response', status: 'success', result }));
      } catch (error) {
        const code = (error as { rippled?: string }).rippled ?? 'internal';
        const searchedAll = (error as { searched_all?: boolean }).searched_all;
        socket.send(
          JSON.stringify({
            id: request['id'],
            type: 'response',
            status: 'error',
            error: code,
            ...(searchedAll === undefined ? {} : { searched_all: searchedAll }),
            request,
          }),
        );
      }
    });
  });
  return fake;
}
