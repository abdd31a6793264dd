import { lookup } from 'node:dns/promises';
import { isPrivateAddress, isPrivateHost, UNREACHABLE_URL } from './webhook-url.js';

/** What one attempt gave: an HTTP status, or the network problem (status null). */
export interface SendResult {
  readonly status: number | null;
  readonly error: string | null;
  /** The receiver's answer when it was not a 2xx (its first ANSWER_CHARS characters): the trigger route shows it, as Strapi does. */
  readonly answer?: string;
}

/** How much of a refusing receiver's answer is kept (Strapi keeps it whole; a receiver could send megabytes). */
export const ANSWER_CHARS = 1000;

export interface SendRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface SenderOptions {
  readonly timeoutMs: number;
  /** Refuse targets that resolve to loopback, private or link-local addresses (the SSRF guard). */
  readonly allowPrivateUrls: boolean;
}

export type Sender = (request: SendRequest) => Promise<SendResult>;

/**
 * POSTs one delivery. Redirects are not followed (a public URL must not lead the server to a
 * private one); with the SSRF guard on, the host is resolved first and refused when any of its
 * addresses is private (a public name pointing inside is refused too).
 */
export function createSender({ timeoutMs, allowPrivateUrls }: SenderOptions): Sender {
  return async ({ url, headers, body }) => {
    try {
      if (!allowPrivateUrls) {
        const { hostname } = new URL(url);
        const addresses = isPrivateHost(hostname) ? [] : await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
        if (isPrivateHost(hostname) || addresses.some((entry) => isPrivateAddress(entry.address))) return { status: null, error: UNREACHABLE_URL };
      }
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      // Read whatever it is so that the connection is released; kept only from a refusal.
      const text = await response.text().catch(() => '');
      return response.ok ? { status: response.status, error: null } : { status: response.status, error: `HTTP ${response.status}`, answer: text.slice(0, ANSWER_CHARS) };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return { status: null, error: error instanceof Error ? `${error.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : error.message}${cause}` : String(error) };
    }
  };
}

/** Network errors, 5xx, 408 and 429 are worth another attempt; other answers are final. */
export function isRetryable(result: SendResult): boolean {
  return result.status === null ? result.error !== UNREACHABLE_URL : result.status >= 500 || result.status === 408 || result.status === 429;
}
