import { createHash } from 'node:crypto';

/** A weak entity tag of a body: a hash of its bytes (weak: a compressing proxy may change the bytes, not the meaning). */
export function entityTag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 13.1.2; `*` matches any). */
export function matchesIfNoneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  for (const raw of value.split(',')) {
    const candidate = raw.trim();
    if (candidate === '*') return true;
    if ((candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque) return true;
  }
  return false;
}
