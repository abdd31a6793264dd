import type { EmailProvider } from './email-provider.js';

/**
 * The default provider: nothing is sent, the mail is written to the log. In production only
 * its envelope is logged, never its body: reset and confirmation mails carry secrets.
 */
export function createLogProvider(log: (message: string) => void, production: boolean): EmailProvider {
  return {
    send: async (message) => {
      const envelope = `Email (log provider, not sent) to ${message.to} from ${message.from}: ${message.subject}`;
      log(production ? envelope : `${envelope}\n${message.text ?? message.html ?? ''}`);
    },
  };
}
