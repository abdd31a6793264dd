/**
 * Whether a request that no route matched is a browser asking for a page of the admin app: a
 * GET or HEAD that accepts text/html before (or without) JSON. Fetches of the API send
 * `accept: application/json` (or nothing, or *\/*), so an unknown API path keeps its JSON 404.
 */
export function wantsAppPage(method: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  const html = types.findIndex((type) => type === 'text/html' || type === 'application/xhtml+xml');
  if (html === -1) return false;
  const json = types.findIndex((type) => type === 'application/json' || type.endsWith('+json'));
  return json === -1 || html < json;
}
