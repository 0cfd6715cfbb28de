import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from '@meridian/domain';

// OWASP: argon2id, >= 19 MiB memory, 2 iterations. The whole password is hashed (no truncation).
const OPTIONS = { algorithm: 2 /* Argon2id; the enum is ambient const */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummy: Promise<string> | null = null;

/**
 * Verifies a password. Without a stored hash it still spends the same time on a dummy hash,
 * so an unknown user name answers as slowly as a wrong password.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hashPassword('dummy-password-for-timing-1A');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The common-password list plus the words of this place: the institution's name anywhere in the
 * password ('I-love-Demo-University-7'), its single words, and the user's own names.
 */
export function isGuessablePassword(password: string, institutionName: string, personalWords: string[]): boolean {
  const name = letters(institutionName);
  if (name.length >= 6 && letters(password).includes(name)) return true;
  return isCommonPassword(password, [institutionName, ...institutionName.split(/\s+/), ...personalWords]);
}
