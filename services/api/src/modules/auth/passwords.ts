import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): what every stored password gets. */
const STRONG_HASHING = { type: argon2.argon2id } as const;
/**
 * The cheapest argon2id settings: a few milliseconds instead of a few hundred. Only the test
 * harness asks for it (see `useFastPasswordHashingForTests`): suites hash and verify thousands
 * of times, and the cost lives in the hash itself, so a hash made this way verifies anywhere.
 */
const FAST_HASHING = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let hashOptions: typeof STRONG_HASHING | typeof FAST_HASHING = STRONG_HASHING;

/**
 * Tests only: hashes made from now on in this process are cheap. Nothing outside `src/test/`
 * calls it, so no configuration can weaken the stored passwords of a running service.
 */
export function useFastPasswordHashingForTests(): void {
  hashOptions = FAST_HASHING;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
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
  dummyHash ??= argon2.hash('dummy-password-for-timing', hashOptions);
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
