import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { serverSecrets } from '#server/db/schema.ts';

/**
 * A value the server makes once and keeps in the database (e.g. its VAPID keys, the keys of its
 * hashes and cookies), so every process and restart shares it. `make` runs only when none is kept.
 */
export async function serverSecret(db: Db, name: string, now: Date, make: () => string): Promise<string> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (row) return row.value;
  await db.insert(serverSecrets).values({ name, value: make(), createdAt: now }).onConflictDoNothing();
  // Another process may have won the race: read what is kept.
  return serverSecret(db, name, now, make);
}

/** A random 256-bit key, base64url. */
export const randomKey = () => randomBytes(32).toString('base64url');

/**
 * A keyed hash for values that limits count but the database must not hold (phone numbers, IPs,
 * account names): equal inputs give equal hashes, and without the key no one can test a guess.
 */
export type KeyedHash = (purpose: string, value: string) => string;

export function keyedHash(key: string): KeyedHash {
  return (purpose, value) => createHmac('sha256', key).update(`${purpose}\0${value}`).digest('hex');
}
