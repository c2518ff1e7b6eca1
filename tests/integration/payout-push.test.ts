import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { pushTokens, sessions } from '#server/db/schema.ts';
import { runPayoutOnce } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';
import { withdrawalNotice } from '#server/features/push/notices.ts';
import { createPushSender } from '#server/features/push/push-sender.ts';
import { startFakePushService } from '#tests/fakes/fake-push-service.ts';
import { useStarted } from '#tests/helpers/app.ts';
import { credit, post, seedUsers, setTestAddress } from '#tests/helpers/money-fixtures.ts';
import { usePayoutTestbed } from '#tests/helpers/payout-testbed.ts';

// A payout that becomes final is pushed to every device of its user that has a token, to no one
// else, through real Web Push (VAPID, encrypted payload) to a fake push service; a token the service
// reports gone is removed.

const clock = testClock();
const testbed = usePayoutTestbed({ clock, closeMs: 20 });
const fakePushService = useStarted(startFakePushService);

describe('push on a final payout', () => {
  it('reaches every device of the payee and no one else; a gone token is removed', async () => {
    const { app, database, rippled } = testbed;
    const pushService = fakePushService.value;
    const [payee, other] = await seedUsers(database.db, 2, 'pushed');
    if (!payee || !other) throw new Error('no users');
    const now = clock.now();
    const token = (id: string) => JSON.stringify(pushService.subscription(id));
    const sessionOf = async (userId: number) =>
      (await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)))[0]
        ?.id;
    const [payeeSession, otherSession] = [await sessionOf(payee.id), await sessionOf(other.id)];
    await database.db.insert(pushTokens).values([
      { userId: payee.id, sessionId: payeeSession, token: token('phone'), createdAt: now, updatedAt: now },
      {
        userId: payee.id,
        sessionId: payeeSession,
        token: token('old-tablet'),
        createdAt: now,
        updatedAt: now,
      },
      {
        userId: other.id,
        sessionId: otherSession,
        token: token('someone-else'),
        createdAt: now,
        updatedAt: now,
      },
    ]);
    pushService.gone.add('old-tablet');

    await credit(database.db, payee.id, xrp(120), 's', now);
    await setTestAddress(database.db, payee.id, 77, now);
    expect((await post(app, '/api/user/setWithdrawStatus', payee.token, {}, 'w-push')).statusCode).toBe(200);

    const options = { log: app.log, extraOrigins: [pushService.origin], fcm: null };
    const push = await createPushSender(database.db, clock, {
      ...options,
      subject: 'mailto:test@earnest.invalid',
    });
    const payer = await connectXrplPayer(rippled.url, Wallet.generate().seed ?? '');
    const finals: number[] = [];
    try {
      for (let i = 0; i < 100 && finals.length === 0; i++) {
        await runPayoutOnce({
          db: database.db,
          clock,
          rules: { ...DEFAULT_RULES, waitingDays: 0 },
          payer,
          onFinal: async ({ id, userId, status }) => {
            finals.push(id);
            await push.sendToUser(userId, withdrawalNotice(id, status));
          },
        });
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await payer.close();
    }

    expect(finals).toHaveLength(1);
    expect(pushService.deliveries.map((d) => d.id)).toEqual(['phone']);
    expect(pushService.deliveries[0]?.authorization).toMatch(/^vapid t=.+, k=.+$/);
    // What the phone's service worker gets, decrypted with the phone's key: its kind and where it leads.
    expect(JSON.parse(pushService.deliveries[0]?.payload ?? '{}')).toEqual({
      notification: { title: 'Earnest', body: '' },
      data: {
        kind: 'withdrawal_success',
        link: `/withdraw/status#withdrawal-${finals[0]}`,
        icon: '/logo.png',
        messageId: `withdrawal-${finals[0]}-success`,
      },
    });
    const left = await database.db.select().from(pushTokens).where(eq(pushTokens.userId, payee.id));
    expect(left.map((row) => JSON.parse(row.token).endpoint)).toEqual([
      pushService.subscription('phone').endpoint,
    ]);
    // The same keys serve every later start.
    expect(
      (await createPushSender(database.db, clock, { ...options, subject: 'mailto:x@y.z' })).publicKey,
    ).toBe(push.publicKey);
  });
});
