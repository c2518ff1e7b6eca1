import { describe, expect, it } from 'vitest';
import { accountKeyOf, legacyAccountKeyOf } from '#domain/auth/credentials.ts';
import { createAuthRepository } from '#server/features/auth/auth.repository.ts';
import { databaseBefore } from '#tests/helpers/migrations.ts';

// Account keys now fold the Turkish dotted and dotless i. Accounts registered before keep working:
// each key is folded unless the folded name is another account's (one that already held it, or an
// older one), and those that keep their old key still sign in with the spelling they registered.

const BEFORE = '0033_session_end_cause';

describe('folding the i in existing account keys', () => {
  const { client, db, atThen, upgrade } = databaseBefore(BEFORE);

  it('folds every key it can, keeps the clashing ones, and finds each account by its own spelling', async () => {
    await atThen();
    const ids = new Map<string, number>();
    // In this order: ids grow with age. Keys and addresses as the sign-up of that time wrote them.
    const names = [
      ...['ibrahim', 'İbrahim', 'Işıl', 'ışıl', 'Aydın', 'Çağrı@Örnek.com'],
      // Addresses may hold marks: three spellings of one, the last with a dot over a dotless i.
      ...['ilker@x.com', 'İlker@x.com', '\u0131\u0307lker@x.com'],
    ];
    for (const name of names) {
      const key = legacyAccountKeyOf(name);
      const { rows } = await client.query<{ id: number }>(
        `insert into users (username, username_key, email, password_hash, invite_code, created_at)
         values ($1, $2, $3, 'x', $1, now()) returning id`,
        [name, key, name.includes('@') ? key : null],
      );
      ids.set(name, rows[0]?.id ?? 0);
    }

    await upgrade();

    const { rows } = await client.query<{ username: string; username_key: string; email: string | null }>(
      'select username, username_key, email from users order by id',
    );
    expect(rows).toEqual([
      { username: 'ibrahim', username_key: 'ibrahim', email: null },
      // "ibrahim" already held the folded name: this one keeps its key.
      { username: 'İbrahim', username_key: 'i\u0307brahim', email: null },
      // Both fold to "işil": the older takes it, the newer keeps its key.
      { username: 'Işıl', username_key: 'işil', email: null },
      { username: 'ışıl', username_key: 'ışıl', email: null },
      { username: 'Aydın', username_key: 'aydin', email: null },
      // The address itself is kept as it was written; only the comparison key folds.
      { username: 'Çağrı@Örnek.com', username_key: 'çağri@örnek.com', email: 'çağrı@örnek.com' },
      { username: 'ilker@x.com', username_key: 'ilker@x.com', email: 'ilker@x.com' },
      { username: 'İlker@x.com', username_key: 'i\u0307lker@x.com', email: 'i\u0307lker@x.com' },
      {
        username: '\u0131\u0307lker@x.com',
        username_key: '\u0131\u0307lker@x.com',
        email: '\u0131\u0307lker@x.com',
      },
    ]);
    // The database folded each key as the app folds it.
    for (const row of rows)
      expect(accountKeyOf(row.username_key), row.username).toBe(accountKeyOf(row.username));

    const repo = createAuthRepository(db);
    const signIn = async (typed: string) =>
      (await repo.findUserByAccountKey(accountKeyOf(typed), legacyAccountKeyOf(typed)))?.id;
    const byOperator = (typed: string) =>
      repo.findUserIdByNameKey(accountKeyOf(typed), legacyAccountKeyOf(typed));
    const cases: [typed: string, owner: string][] = [
      ['ibrahim', 'ibrahim'],
      ['IBRAHIM', 'ibrahim'],
      ['İbrahim', 'İbrahim'],
      ['Işıl', 'Işıl'],
      ['IŞIL', 'Işıl'],
      ['ışıl', 'ışıl'],
      ['Aydın', 'Aydın'],
      ['AYDIN', 'Aydın'],
      ['aydin', 'Aydın'],
      ['çağrı@örnek.com', 'Çağrı@Örnek.com'],
      ['ÇAĞRI@ÖRNEK.COM', 'Çağrı@Örnek.com'],
      ['ilker@x.com', 'ilker@x.com'],
      ['İlker@x.com', 'İlker@x.com'],
      ['\u0131\u0307lker@x.com', '\u0131\u0307lker@x.com'],
    ];
    for (const [typed, owner] of cases) {
      expect(await signIn(typed), typed).toBe(ids.get(owner));
    }
    for (const [typed, owner] of cases.filter(([typed]) => !typed.includes('@'))) {
      expect(await byOperator(typed), typed).toBe(ids.get(owner));
    }
    expect(await signIn('nobody')).toBeUndefined();
  });
});
