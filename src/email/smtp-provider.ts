import nodemailer from 'nodemailer';
import type { EmailProvider } from './email-provider.js';

/** SMTP through nodemailer; `options` are nodemailer's SMTP transport options (host, port, secure, auth, tls, …). */
export function createSmtpProvider(options: Readonly<Record<string, unknown>>): EmailProvider {
  const transport = nodemailer.createTransport({ ...options } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transport.sendMail({
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
