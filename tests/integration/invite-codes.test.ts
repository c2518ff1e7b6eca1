import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock } from '#tests/helpers/test-clock.ts';
import { openDatabase, type Database } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';
import { createAuthService } from '#server/features/auth/auth.service.ts';
import type * as Tokens from '#server/features/auth/tokens.ts';
import { keyedHash } from '#server/lib/server-secrets.repository.ts';
import { registrationOf, TEST_CLIENT } from '#tests/helpers/money-fixtures.ts';

// The codes drawn, in order: the test decides when they collide.
const drawn = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('#server/features/auth/tokens.ts', async (original) => ({
  ...(await original<typeof Tokens>()),
  newInviteCode: () => drawn.next.shift() ?? 'ZZZZZZZZ',
}));

const client = TEST_CLIENT;
const registration = registrationOf;

/**
 * Invitation codes are unique by a database constraint; what the code must do is live with it: a
 * drawn code that another account already has is drawn again, and the registration goes through.
 */
describe('invitation codes', () => {
  let database: Database;
  let auth: ReturnType<typeof createAuthService>;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    auth = createAuthService({
      db: database.db,
      clock: testClock(),
      sessionTtlDays: 30,
      hash: keyedHash('test-key'),
    });
  });
  afterAll(() => database.close());

  const codeOf = async (userId: number) =>
    (await database.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId)))[0]?.code;

  it('draws again when a code is taken, and the registration goes through', async () => {
    drawn.next = ['AAAA2222'];
    const first = await auth.register(registration('first-inviter'), client);
    drawn.next = ['AAAA2222', 'AAAA2222', 'BBBB3333'];
    const second = await auth.register(registration('second-inviter'), client);
    if (!first.ok || !second.ok) throw new Error('registration refused');
    expect([await codeOf(first.value.userId), await codeOf(second.value.userId)]).toEqual([
      'AAAA2222',
      'BBBB3333',
    ]);
  });

  it('still tells a taken name from a taken code', async () => {
    drawn.next = ['CCCC4444'];
    const taken = await auth.register(registration('first-inviter'), client);
    expect(taken).toMatchObject({ ok: false, error: 'auth.account_taken' });
  });
});
