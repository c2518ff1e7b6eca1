import { and, desc, eq } from 'drizzle-orm';
import type { TestimonialStatus } from '#contract/testimonials.ts';
import type { Db } from '#server/db/database.ts';
import { testimonials } from '#server/db/schema.ts';

export type TestimonialRow = typeof testimonials.$inferSelect;

/** The testimonials table: reviews, their consent and the operator's decision. */
export function createTestimonialsRepository(db: Db) {
  return {
    /**
     * Stores a review; null when the user already has one waiting or published (the unique index
     * `testimonials_one_open_per_user`). Usable inside a transaction.
     */
    async insert(row: typeof testimonials.$inferInsert): Promise<TestimonialRow | null> {
      const [created] = await db.insert(testimonials).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },

    async latestOf(userId: number): Promise<TestimonialRow | null> {
      const [row] = await db
        .select()
        .from(testimonials)
        .where(eq(testimonials.userId, userId))
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(1);
      return row ?? null;
    },

    async withStatus(status: TestimonialStatus, limit: number): Promise<TestimonialRow[]> {
      return db
        .select()
        .from(testimonials)
        .where(eq(testimonials.status, status))
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(limit);
    },

    async lock(id: number): Promise<TestimonialRow | null> {
      const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
      return row ?? null;
    },

    /** Decides a pending review; null when it is not pending any more. */
    async decide(id: number, status: 'approved' | 'rejected', now: Date): Promise<TestimonialRow | null> {
      const [row] = await db
        .update(testimonials)
        .set({ status, decidedAt: now })
        .where(and(eq(testimonials.id, id), eq(testimonials.status, 'pending')))
        .returning();
      return row ?? null;
    },

    async eraseOf(userId: number): Promise<void> {
      await db.delete(testimonials).where(eq(testimonials.userId, userId));
    },
  };
}
