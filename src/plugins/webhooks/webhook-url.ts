import { isIP } from 'node:net';

/** Strapi's message for a URL refused in production. */
export const UNREACHABLE_URL = "Url is not supported because it isn't reachable over the public internet";

/** An http(s) URL, or null. */
export function parseWebhookUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
}

function ipv4Private(address: string): boolean {
  const [a = -1, b = -1] = address.split('.').map(Number);
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
}

/** Loopback, private, link-local, unspecified, CGNAT or multicast: not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(bare);
  if (kind === 4) return ipv4Private(bare);
  if (kind !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1] !== undefined) return ipv4Private(mapped[1]);
  return bare === '::' || bare === '::1' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare) || /^ff/.test(bare);
}

/** A host name that names this machine or a private address without asking DNS. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}
