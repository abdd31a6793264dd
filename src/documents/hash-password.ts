/** bcrypt, so that password hashes exported from the reference keep verifying. */
const COST = 10;

/** Loaded on first use: only content-types with password attributes need it. */
async function bcrypt() {
  return (await import('bcryptjs')).default;
}

export async function hashPassword(plain: string): Promise<string> {
  return (await bcrypt()).hash(plain, COST);
}

export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return (await bcrypt()).compare(plain, hash);
}
