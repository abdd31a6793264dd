import { ValidationError } from '../../core/shared/errors.js';
import type { EmailService } from '../../plugins/email/email-provider.js';
import { renderTemplate } from '../../plugins/users-permissions/email-templates.js';

type Row = Readonly<Record<string, unknown>>;

/** Strapi's `email` service of the email plugin. */
export interface EmailServices {
  readonly email: {
    send(options: Row): Promise<void>;
    /** `{ subject, text, html }` templates with `<%= name %>` placeholders, filled from `data`. */
    sendTemplatedEmail(options: Row, template: Row, data?: Row): Promise<void>;
  };
}

/** What Tessera's providers deliver; Strapi passes other nodemailer options through, Tessera refuses them by name. */
const UNSUPPORTED = ['cc', 'bcc', 'attachments'];

function optionalText(options: Row, key: string): string | undefined {
  const value = options[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`email.send: ${key} must be a string`);
  return value;
}

/** `to` as Strapi (nodemailer) takes it: an address or a list of them. */
function recipients(value: unknown): string {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((entry) => typeof entry === 'string' && entry.trim() !== '')) throw new ValidationError('email.send: to must be an address or a list of addresses');
  return list.join(', ');
}

/** The email service over the app's (the one users-permissions sends with): same provider, same default sender. */
export function createEmailServices(email: EmailService): EmailServices {
  const send = async (options: Row): Promise<void> => {
    for (const key of UNSUPPORTED) if (options[key] !== undefined) throw new ValidationError(`email.send: ${key} is not supported by Tessera's email plugin`);
    const subject = optionalText(options, 'subject') ?? '';
    const from = optionalText(options, 'from');
    const replyTo = optionalText(options, 'replyTo');
    const text = optionalText(options, 'text');
    const html = optionalText(options, 'html');
    await email.send({ to: recipients(options.to), subject, ...(from ? { from } : {}), ...(replyTo ? { replyTo } : {}), ...(text === undefined ? {} : { text }), ...(html === undefined ? {} : { html }) });
  };
  return {
    email: {
      send,
      async sendTemplatedEmail(options, template, data = {}) {
        const fill = (key: string, html: boolean) => (typeof template[key] === 'string' ? renderTemplate(template[key], data, html) : undefined);
        const subject = fill('subject', false);
        if (subject === undefined) throw new ValidationError('email.sendTemplatedEmail: the template needs a subject');
        const text = fill('text', false);
        const html = fill('html', true);
        await send({ ...options, subject, ...(text === undefined ? {} : { text }), ...(html === undefined ? {} : { html }) });
      },
    },
  };
}
