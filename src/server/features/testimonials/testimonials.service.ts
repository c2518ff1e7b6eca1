import {
  TESTIMONIAL_MAX,
  TESTIMONIAL_MIN,
  type MyTestimonial,
  type OpsTestimonial,
  type PublicTestimonial,
  type TestimonialStatus,
} from '#contract/testimonials.ts';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { SessionRefusal } from '#server/features/auth/auth.service.ts';
import type { Db } from '#server/db/database.ts';
import { audited, consoleActor } from '#server/features/ops/ops.service.ts';
import { createTestimonialsRepository, type TestimonialRow } from './testimonials.repository.ts';

export type SubmitTestimonialError =
  | 'testimonials.text_length'
  | 'testimonials.consent_required'
  | 'testimonials.already_submitted'
  | SessionRefusal;

export interface TestimonialsServiceDeps {
  db: Db;
  clock: Clock;
  /** The account's name (the auth feature's), masked before it is stored. */
  usernameOf: (userId: number) => Promise<string | null>;
  /** Takes the account's lock for the session: null while it still lets the account in, else why not (auth's). */
  refusalUnderLock: (
    tx: Db,
    session: { userId: number; sessionId: number },
  ) => Promise<SessionRefusal | null>;
}

/** Removes the user's reviews with the account, in the caller's transaction. */
export async function eraseTestimonials(tx: Db, userId: number): Promise<void> {
  await createTestimonialsRepository(tx).eraseOf(userId);
}

/** The most approved reviews shown: enough to read, not a wall. */
const PUBLIC_LIMIT = 50;
const OPS_LIMIT = 200;

const mine = (row: TestimonialRow): MyTestimonial => ({
  id: row.id,
  text: row.text,
  name: row.maskedName,
  status: row.status as TestimonialStatus,
  time: epochSeconds(row.createdAt),
});
const forOps = (row: TestimonialRow): OpsTestimonial => ({
  ...mine(row),
  decided_time: row.decidedAt ? epochSeconds(row.decidedAt) : null,
});

/**
 * Reviews, honestly (docs/transparency.md#testimonials): only what real users wrote and agreed to
 * publish under their masked name, shown once an operator approved it; nothing while there is none.
 */
export function createTestimonialsService({
  db,
  clock,
  usernameOf,
  refusalUnderLock,
}: TestimonialsServiceDeps) {
  const repo = createTestimonialsRepository(db);
  return {
    async submit(
      session: { userId: number; sessionId: number },
      input: { text: string; consent: boolean },
    ): Promise<Result<MyTestimonial, SubmitTestimonialError>> {
      const { userId } = session;
      const text = input.text.trim();
      // Counted in code points, as the person typing sees characters.
      const length = [...text].length;
      if (length < TESTIMONIAL_MIN || length > TESTIMONIAL_MAX) return fail('testimonials.text_length');
      if (!input.consent) return fail('testimonials.consent_required');
      const username = await usernameOf(userId);
      if (username === null) return fail('testimonials.consent_required');
      const now = clock.now();
      // Under the account's lock: a review saved for an account just deleted would outlive the
      // erasure of its reviews, with its masked name.
      const row = await db.transaction(async (tx) => {
        const refused = await refusalUnderLock(tx, session);
        if (refused) return { refused };
        return createTestimonialsRepository(tx).insert({
          userId,
          text,
          maskedName: maskName(username),
          consentedAt: now,
          createdAt: now,
        });
      });
      if (row && 'refused' in row) return fail(row.refused);
      return row ? ok(mine(row)) : fail('testimonials.already_submitted');
    },

    async mine(userId: number): Promise<MyTestimonial | null> {
      const row = await repo.latestOf(userId);
      return row ? mine(row) : null;
    },

    async approved(): Promise<PublicTestimonial[]> {
      return (await repo.withStatus('approved', PUBLIC_LIMIT)).map((row) => ({
        id: row.id,
        name: row.maskedName,
        text: row.text,
        time: epochSeconds(row.createdAt),
      }));
    },

    async forReview(status: TestimonialStatus): Promise<OpsTestimonial[]> {
      return (await repo.withStatus(status, OPS_LIMIT)).map(forOps);
    },

    /** An operator approves or rejects a pending review; the decision and its audit entry commit together. */
    async decide(
      operator: { operatorId: number; name: string; sessionId: number },
      ip: string,
      input: { id: number; approve: boolean; reason: string },
    ): Promise<Result<OpsTestimonial, OpsErrorCode>> {
      const now = clock.now();
      return audited(db, consoleActor(operator, ip), now, async (tx) => {
        const txRepo = createTestimonialsRepository(tx);
        const before = await txRepo.lock(input.id);
        if (!before) return fail('ops.testimonial_not_found');
        const after = await txRepo.decide(input.id, input.approve ? 'approved' : 'rejected', now);
        if (!after) return fail('ops.testimonial_decided');
        return ok({
          audit: {
            action: input.approve ? 'testimonial.approve' : 'testimonial.reject',
            target: { kind: 'testimonial', id: input.id },
            reason: input.reason === '' ? null : input.reason,
            before: { status: before.status },
            after: { status: after.status },
          },
          value: forOps(after),
        });
      });
    },
  };
}

export type TestimonialsService = ReturnType<typeof createTestimonialsService>;
