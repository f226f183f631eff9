import argon2 from 'argon2';

const HASH_OPTIONS = { type: argon2.argon2id } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first sign-in with an unknown email. */
export async function prepareDummyHash(): Promise<void> {
  dummyHash ??= argon2.hash('dummy-password-for-timing', HASH_OPTIONS);
  await dummyHash;
}

/**
 * Spends the time of a real verification when the email is unknown, so that response
 * times do not tell which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await prepareDummyHash();
  await verifyPassword(await dummyHash!, password);
  return false;
}
