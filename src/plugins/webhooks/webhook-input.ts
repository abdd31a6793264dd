import { BodyChecker } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';
import { CHANGE_EVENTS, type ChangeEventName } from '../../core/events/change-event.js';
import { ADMIN_BODY } from '../../transports/admin/admin-body.js';
import { isPrivateHost, parseWebhookUrl, UNREACHABLE_URL } from './webhook-url.js';

export interface WebhookInput {
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly ChangeEventName[];
  /** Absent on create (Strapi refuses it there: a new webhook is enabled). */
  readonly isEnabled?: boolean;
}

const MAX_HEADERS = 50;

function headersOf(check: BodyChecker): Record<string, string> {
  const value = check.body.headers;
  if (value === undefined || value === null) return {};
  if (!BodyChecker.isObject(value)) throw ValidationError.atField('headers', 'headers must be an object of strings', value);
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) throw ValidationError.atField('headers', `headers must have at most ${MAX_HEADERS} entries`, undefined);
  for (const [name, header] of entries) {
    // What fetch would refuse to send is refused here, with a 400, not at delivery time.
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw ValidationError.atField('headers', `headers: "${name}" is not a valid header name`, undefined);
    if (typeof header !== 'string' || /[\r\n\0]/.test(header)) throw ValidationError.atField('headers', `headers.${name} must be a string on one line`, undefined);
  }
  return value as Record<string, string>;
}

function eventsOf(check: BodyChecker): ChangeEventName[] {
  const events = check.stringList('events', { wording: 'must be a list of event names' });
  if (events === undefined) throw ValidationError.atField('events', 'events is a required field', undefined);
  const unknown = events.filter((event) => !(CHANGE_EVENTS as readonly string[]).includes(event));
  if (unknown.length > 0) throw ValidationError.atField('events', `events: unknown event ${unknown.join(', ')} (known: ${CHANGE_EVENTS.join(', ')})`, unknown);
  return events as ChangeEventName[];
}

function urlOf(check: BodyChecker, allowPrivateUrls: boolean): string {
  const text = check.string('url', { required: true, trim: true, max: 2048 });
  const url = parseWebhookUrl(text);
  if (!url) throw ValidationError.atField('url', 'url must be an http or https URL', text);
  if (!allowPrivateUrls && isPrivateHost(url.hostname)) throw ValidationError.atField('url', UNREACHABLE_URL, text);
  return url.toString();
}

/** POST /admin/webhooks: `{ name, url, headers, events }` (`isEnabled` refused, as in Strapi). */
export function parseWebhookCreate(raw: unknown, allowPrivateUrls: boolean): WebhookInput {
  const check = BodyChecker.of(raw, ADMIN_BODY);
  check.onlyKeys(['name', 'url', 'headers', 'events']);
  const name = check.string('name', { required: true, trim: true, max: 255 });
  return { name, url: urlOf(check, allowPrivateUrls), headers: headersOf(check), events: eventsOf(check) };
}

/** PUT /admin/webhooks/:id: the whole webhook, `isEnabled` optional. Strapi's client sends `id` too: it is ignored. */
export function parseWebhookUpdate(raw: unknown, allowPrivateUrls: boolean): WebhookInput {
  const check = BodyChecker.of(raw, ADMIN_BODY);
  check.onlyKeys(['id', 'name', 'url', 'headers', 'events', 'isEnabled']);
  const name = check.string('name', { required: true, trim: true, max: 255 });
  const input = { name, url: urlOf(check, allowPrivateUrls), headers: headersOf(check), events: eventsOf(check) };
  const isEnabled = check.boolean('isEnabled');
  return isEnabled === undefined ? input : { ...input, isEnabled };
}
