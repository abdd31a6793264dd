import { randomBytes } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = `${LETTERS}0123456789`;
const LENGTH = 24;

/**
 * A new documentId: 24 lowercase alphanumerics starting with a letter, like the reference's
 * cuid2 ids. It never consists of digits only, so it cannot be mistaken for a numeric id.
 * 36^23 possibilities make collisions negligible without coordination between instances.
 */
export function createDocumentId(): string {
  const bytes = randomBytes(LENGTH * 2);
  let id = LETTERS[(bytes[0] ?? 0) % LETTERS.length] ?? 'a';
  // Rejection sampling keeps every character uniformly distributed.
  for (let index = 1; index < bytes.length && id.length < LENGTH; index += 1) {
    const byte = bytes[index] ?? 0;
    if (byte < 252) id += ALPHABET[byte % ALPHABET.length];
  }
  return id.length === LENGTH ? id : createDocumentId();
}

export function isDocumentId(value: string): boolean {
  return /^[a-z0-9]{1,64}$/.test(value);
}
