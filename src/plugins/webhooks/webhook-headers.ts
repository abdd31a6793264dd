/** Header names whose values are secrets: shown masked by the admin API, never logged. */
const SECRET_NAME = /auth|token|secret|key|pass|cookie|signature|credential/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A secret header's value as the admin API shows it: its last 4 characters after `****` when it
 * is long enough (12+) for them not to give it away, else `****` alone.
 */
export function maskHeaderValue(value: string): string {
  return value.length >= 12 ? `****${value.slice(-4)}` : '****';
}

export function maskHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? maskHeaderValue(value) : value]));
}

/**
 * Headers sent back on update: a secret header whose value is the mask of the stored one (an
 * edit form sends back what it was shown) keeps the stored value.
 */
export function mergeMaskedHeaders(sent: Readonly<Record<string, string>>, stored: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sent).map(([name, value]) => {
      const previous = stored[name];
      return [name, previous !== undefined && isSecretHeader(name) && value === maskHeaderValue(previous) ? previous : value];
    }),
  );
}
