/**
 * bcrypt, so that password hashes exported from the reference (`$2a$`/`$2b$`, cost 10) keep
 * verifying. Native (@node-rs/bcrypt): its async calls run on libuv's thread pool, so a burst
 * of registrations or logins queues there instead of holding the event loop — every other
 * request keeps being answered meanwhile (docs/operations.md, UV_THREADPOOL_SIZE).
 */
const COST = 10;

/** bcrypt reads at most 72 bytes: a longer password would be silently cut, so it is refused. */
export const MAX_PASSWORD_BYTES = 72;

/** Loaded on first use: a project without users or password attributes never pays for it. */
async function bcrypt() {
  return import('@node-rs/bcrypt');
}

export async function hashPassword(plain: string): Promise<string> {
  return (await bcrypt()).hash(plain, COST);
}

/** False for a wrong password and for a stored value that is not a bcrypt hash. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  const { verify } = await bcrypt();
  try {
    return await verify(plain, hash);
  } catch {
    // The binding refuses a malformed hash with an error; it is simply not this password's.
    return false;
  }
}
