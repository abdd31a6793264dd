import type { Transporter } from 'nodemailer';
import type { EmailProvider } from './email-provider.js';

/**
 * SMTP through nodemailer; `options` are nodemailer's SMTP transport options (host, port,
 * secure, auth, tls, …). nodemailer is loaded with the first mail: projects that send none
 * never pay its memory.
 */
export function createSmtpProvider(options: Readonly<Record<string, unknown>>): EmailProvider {
  let transport: Promise<Transporter> | undefined;
  const open = async (): Promise<Transporter> => {
    const nodemailer = (await import('nodemailer')).default;
    return nodemailer.createTransport({ ...options } as Parameters<typeof nodemailer.createTransport>[0]);
  };
  return {
    async send(message) {
      transport ??= open();
      await (await transport).sendMail({
        to: message.to,
        from: message.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        ...(message.text !== undefined ? { text: message.text } : {}),
        ...(message.html !== undefined ? { html: message.html } : {}),
      });
    },
  };
}
