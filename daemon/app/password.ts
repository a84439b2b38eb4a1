// Password hashing with argon2id (OWASP's first choice); verification is constant-time inside argon2.
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (plain: string): Promise<string> => hash(plain);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

// Verifying against this when no user matches keeps the answer time the same, so timing does not reveal
// which usernames exist.
let decoy: Promise<string> | undefined;
export const decoyVerify = async (plain: string): Promise<void> => {
  decoy ??= hash('decoy-password-for-timing');
  await verifyPassword(await decoy, plain);
};
