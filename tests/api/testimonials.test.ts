import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API } from '#contract/paths.ts';
import { TESTIMONIALS_API, TESTIMONIALS_OPS_API } from '#contract/testimonials.ts';
import { USAGE_API, USAGE_OPS_API } from '#contract/usage.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { auditLog, testimonials, usageCounts } from '#server/db/schema.ts';
import { envelope, getAs, postAs, register, useTestApp } from '#tests/helpers/app.ts';
import { createOperator, opsRequest, opsToken } from '#tests/helpers/operators.ts';

/** Reviews shown only with consent and approval (docs/transparency.md#testimonials), and usage counts. */
const clock = testClock();
const handle = useTestApp({ clock });

const publicList = async () =>
  envelope(await handle.app.inject({ method: 'GET', url: TESTIMONIALS_API.list })).data['list'];

describe('testimonials', () => {
  it('shows nothing at all while no review is approved', async () => {
    expect(await publicList()).toEqual([]);
  });

  it('keeps nothing without consent to publish the masked name, nor a review too short or too long', async () => {
    const { token } = await register(handle.app, 'reviewer.one');
    const text = 'Paid to my exchange after the wait, as the page said.';
    for (const [payload, error] of [
      [{ text }, 'testimonials.consent_required'],
      [{ text, consent: 'false' }, 'testimonials.consent_required'],
      [{ text: 'short', consent: true }, 'testimonials.text_length'],
      [{ text: 'x'.repeat(501), consent: true }, 'testimonials.text_length'],
    ] as const) {
      const response = await postAs(handle.app, TESTIMONIALS_API.submit, token, payload);
      expect(response.statusCode).toBe(400);
      expect(envelope(response).data.error).toBe(error);
    }
    expect(await handle.database.db.select().from(testimonials)).toEqual([]);
  });

  it('publishes an approved review under the masked name, with its date; a rejected one never', async () => {
    const db = handle.database.db;
    const alice = await register(handle.app, 'alice.reviews');
    const bob = await register(handle.app, 'bob.reviews');
    const aliceText = 'Honest: the wait was exactly what the rules said.';
    const submitted = envelope(
      await postAs(handle.app, TESTIMONIALS_API.submit, alice.token, { text: aliceText, consent: 'true' }),
    );
    expect(submitted.code).toBe(1);
    const again = await postAs(handle.app, TESTIMONIALS_API.submit, alice.token, {
      text: aliceText,
      consent: true,
    });
    expect(envelope(again).data.error).toBe('testimonials.already_submitted');
    expect(
      envelope(
        await postAs(handle.app, TESTIMONIALS_API.submit, bob.token, {
          text: 'Spam spam spam spam',
          consent: true,
        }),
      ).code,
    ).toBe(1);
    // Waiting for the operator: not public yet.
    expect(await publicList()).toEqual([]);

    const support = await createOperator(handle.app, db, clock, 'reviews-support', 'support');
    const admin = await createOperator(handle.app, db, clock, 'reviews-admin', 'admin');
    const supportToken = await opsToken(handle.app, support, clock);
    const pending = envelope(await opsRequest(handle.app, 'GET', TESTIMONIALS_OPS_API.list, supportToken));
    const list = pending.data['list'] as { id: number; name: string; text: string }[];
    expect(list.map((item) => item.name).sort()).toEqual(['al***s', 'bo***s']);
    const aliceId = list.find((item) => item.text === aliceText)?.id;
    const bobId = list.find((item) => item.text !== aliceText)?.id;
    // Support reads; only an admin decides.
    const refused = await opsRequest(handle.app, 'POST', TESTIMONIALS_OPS_API.approve, supportToken, {
      id: aliceId,
    });
    expect(refused.statusCode).toBe(403);

    const adminToken = await opsToken(handle.app, admin, clock);
    expect(
      envelope(
        await opsRequest(handle.app, 'POST', TESTIMONIALS_OPS_API.approve, adminToken, { id: aliceId }),
      ).code,
    ).toBe(1);
    expect(
      envelope(
        await opsRequest(handle.app, 'POST', TESTIMONIALS_OPS_API.reject, adminToken, {
          id: bobId,
          reason: 'Not a review',
        }),
      ).code,
    ).toBe(1);
    const twice = await opsRequest(handle.app, 'POST', TESTIMONIALS_OPS_API.reject, adminToken, {
      id: aliceId,
    });
    expect(envelope(twice).data.error).toBe('ops.testimonial_decided');

    const shown = (await publicList()) as { name: string; text: string; time: number }[];
    expect(shown).toEqual([{ id: aliceId, name: 'al***s', text: aliceText, time: expect.any(Number) }]);
    expect(JSON.stringify(shown)).not.toContain('alice.reviews');

    const audit = await db.select().from(auditLog).where(eq(auditLog.targetKind, 'testimonial'));
    expect(
      audit.map((row) => ({
        action: row.action,
        actor: row.actor,
        target: row.targetId,
        reason: row.reason,
      })),
    ).toEqual(
      expect.arrayContaining([
        { action: 'testimonial.approve', actor: 'reviews-admin', target: String(aliceId), reason: null },
        {
          action: 'testimonial.reject',
          actor: 'reviews-admin',
          target: String(bobId),
          reason: 'Not a review',
        },
      ]),
    );
    expect(audit).toHaveLength(2);

    const mine = envelope(await getAs(handle.app, TESTIMONIALS_API.mine, bob.token));
    expect(mine.data['testimonial']).toMatchObject({ status: 'rejected' });
  });

  it('are removed with the account', async () => {
    const carol = await register(handle.app, 'carol.reviews');
    await postAs(handle.app, TESTIMONIALS_API.submit, carol.token, {
      text: 'I will delete my account later.',
      consent: true,
    });
    const deleted = await postAs(handle.app, API.deleteAccount, carol.token, { password: 'secret12' });
    expect(envelope(deleted).code).toBe(1);
    const left = await handle.database.db.select().from(testimonials);
    expect(left.map((row) => row.text)).not.toContain('I will delete my account later.');
  });
});

describe('usage counts', () => {
  it('adds to the day totals and keeps no user, device or session, even from a signed-in request', async () => {
    const { token } = await register(handle.app, 'counted.user');
    const first = await postAs(handle.app, USAGE_API.count, token, {
      counts: { screen_opened: 3, task_started: 1 },
    });
    expect(envelope(first).code).toBe(1);
    await postAs(handle.app, USAGE_API.count, null, { counts: { screen_opened: 2 } });
    const rows = await handle.database.db.select().from(usageCounts);
    expect(
      rows.map(({ event, count }) => ({ event, count })).sort((a, b) => a.event.localeCompare(b.event)),
    ).toEqual([
      { event: 'screen_opened', count: 5 },
      { event: 'task_started', count: 1 },
    ]);
    // The table has a day, an event and a count: nothing that could name anyone.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['count', 'day', 'event']);

    const bad = await postAs(handle.app, USAGE_API.count, null, { counts: { user_id: 1 } });
    expect(bad.statusCode).toBe(400);
    const huge = await postAs(handle.app, USAGE_API.count, null, { counts: { screen_opened: 10_000 } });
    expect(huge.statusCode).toBe(400);

    const admin = await createOperator(handle.app, handle.database.db, clock, 'usage-admin');
    const days = envelope(
      await opsRequest(handle.app, 'GET', USAGE_OPS_API.days, await opsToken(handle.app, admin, clock)),
    );
    expect(days.data['days']).toEqual([{ day: rows[0]?.day, counts: { screen_opened: 5, task_started: 1 } }]);
  });
});
