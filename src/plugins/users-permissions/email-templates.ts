import { ValidationError } from '../../core/shared/errors.js';

/** One mail template, in the reference's stored form (`<%= URL %>`-style placeholders). */
export interface EmailTemplate {
  /** null: the email plugin's `defaultFrom`. */
  readonly from: { readonly name: string; readonly email: string } | null;
  readonly response_email: string;
  readonly object: string;
  readonly message: string;
}

export interface EmailTemplates {
  readonly reset_password: EmailTemplate;
  readonly email_confirmation: EmailTemplate;
}

/** The reference's default texts. Reset: URL, TOKEN; confirmation: URL, CODE; both: USER, SERVER_URL. */
export const DEFAULT_EMAIL_TEMPLATES: EmailTemplates = Object.freeze({
  reset_password: {
    from: null,
    response_email: '',
    object: 'Reset password',
    message:
      '<p>We heard that you lost your password. Sorry about that!</p>\n\n<p>But don’t worry! You can use the following link to reset your password:</p>\n<p><%= URL %>?code=<%= TOKEN %></p>\n\n<p>Thanks.</p>',
  },
  email_confirmation: {
    from: null,
    response_email: '',
    object: 'Account confirmation',
    message:
      '<p>Thank you for registering!</p>\n\n<p>You have to confirm your email address. Please click on the link below.</p>\n\n<p><%= URL %>?confirmation=<%= CODE %></p>\n\n<p>Thanks.</p>',
  },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readTemplate(raw: unknown, fallback: EmailTemplate, strict: boolean, name: string): EmailTemplate {
  const fail = (problem: string): EmailTemplate => {
    if (strict) throw new ValidationError(`${name}: ${problem}`);
    return fallback;
  };
  if (!isRecord(raw)) return fail('must be an object');
  const { from, response_email: responseEmail = '', object, message } = raw;
  if (typeof object !== 'string' || typeof message !== 'string' || typeof responseEmail !== 'string') return fail('object, message and response_email must be strings');
  if (from !== null && from !== undefined && !(isRecord(from) && typeof from.name === 'string' && typeof from.email === 'string')) return fail('from must be { name, email } or null');
  const sender = isRecord(from) && from.email !== '' ? { name: String(from.name), email: String(from.email) } : null;
  return { from: sender, response_email: responseEmail, object, message };
}

/** Stored templates, each falling back to its default when unreadable (`strict`: a 400 instead). */
export function readEmailTemplates(raw: unknown, strict = false): EmailTemplates {
  const record = isRecord(raw) ? raw : {};
  return {
    reset_password: readTemplate(record.reset_password ?? (strict ? undefined : DEFAULT_EMAIL_TEMPLATES.reset_password), DEFAULT_EMAIL_TEMPLATES.reset_password, strict, 'reset_password'),
    email_confirmation: readTemplate(record.email_confirmation ?? (strict ? undefined : DEFAULT_EMAIL_TEMPLATES.email_confirmation), DEFAULT_EMAIL_TEMPLATES.email_confirmation, strict, 'email_confirmation'),
  };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Fills `<%= NAME %>` and `<%= USER.field %>` placeholders. Only names are supported (the
 * reference evaluates lodash templates, i.e. code). In the HTML version values are escaped,
 * so a username cannot inject markup into a mail.
 */
export function renderTemplate(template: string, variables: Readonly<Record<string, unknown>>, html: boolean): string {
  return template.replace(/<%=\s*([A-Za-z_]+)(?:\.([A-Za-z_]+))?\s*%>/g, (_match, name: string, field: string | undefined) => {
    let value = variables[name];
    if (field !== undefined) value = isRecord(value) ? value[field] : undefined;
    const text = value === undefined || value === null ? '' : String(value);
    return html ? escapeHtml(text) : text;
  });
}

/** A rendered template's sender: its own `from`, else the email plugin's default. */
export function senderOf(template: EmailTemplate): string | undefined {
  return template.from ? `${template.from.name} <${template.from.email}>` : undefined;
}

/** How Strapi's admin shows each template (its stored shape nests the template under `options`). */
const TEMPLATE_LOOKS: Readonly<Record<keyof EmailTemplates, { display: string; icon: string }>> = {
  reset_password: { display: 'Email.template.reset_password', icon: 'sync' },
  email_confirmation: { display: 'Email.template.email_confirmation', icon: 'check-square' },
};

/** A template as Strapi shows and stores it: `{ display, icon, options: template }`. */
export interface StrapiEmailTemplate {
  readonly display: string;
  readonly icon: string;
  readonly options: EmailTemplate;
}

/** The templates in Strapi's shape (`GET /users-permissions/email-templates`, `strapi.store`). */
export function toStrapiEmailTemplates(templates: EmailTemplates): Record<keyof EmailTemplates, StrapiEmailTemplate> {
  return {
    reset_password: { ...TEMPLATE_LOOKS.reset_password, options: templates.reset_password },
    email_confirmation: { ...TEMPLATE_LOOKS.email_confirmation, options: templates.email_confirmation },
  };
}

/** Strapi's shape back to the templates alone (each entry's `options`; an entry without is taken as the template itself). */
export function fromStrapiEmailTemplates(value: unknown): Record<string, unknown> {
  const record = isRecord(value) ? value : {};
  return Object.fromEntries(Object.entries(record).map(([name, entry]) => [name, isRecord(entry) && isRecord(entry.options) ? entry.options : entry]));
}
