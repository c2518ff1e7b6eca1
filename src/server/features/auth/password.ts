import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The library's default
 * algorithm is argon2id; the hash string records the parameters, so raising them later still
 * verifies old hashes.
 */
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

/** False for a wrong password, and for a stored value that is no hash at all (a deleted account). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | null = null;

/**
 * Spends the same time as a real verification, for sign-ins to accounts that do not exist: the
 * answer time must not tell whether an account is registered.
 */
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verify(await decoy, password);
}
