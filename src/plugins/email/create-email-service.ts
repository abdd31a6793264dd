import type { AppConfig } from '../../core/config/app-config.js';
import type { EmailConfig } from './email-config.js';
import type { EmailProvider, EmailService } from './email-provider.js';
import { createLogProvider } from './log-provider.js';
import { createSmtpProvider } from './smtp-provider.js';
import { assertInstalled } from '../../core/shared/optional-package.js';

/** The email service of an app, from `config/plugins` `email` as its reader checked it (see email-config.ts). */
export function createEmailService(config: AppConfig, email: EmailConfig, log: (message: string) => void): EmailService {
  // nodemailer is checked now and loaded with the first mail (smtp-provider.ts).
  if (email.provider === 'smtp') assertInstalled('nodemailer', { file: config.files.plugins.file, feature: 'email config.provider "smtp"' });
  const provider: EmailProvider = email.provider === 'smtp' ? createSmtpProvider(email.providerOptions) : createLogProvider(log, config.production);
  return {
    send: (message) =>
      provider.send({
        ...message,
        from: message.from ?? email.defaultFrom,
        ...(message.replyTo ?? email.defaultReplyTo ? { replyTo: message.replyTo ?? email.defaultReplyTo } : {}),
      }),
  };
}
