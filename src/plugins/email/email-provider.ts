/** One mail. `from` and `replyTo` fall back to the email plugin's `settings.defaultFrom` / `defaultReplyTo`. */
export interface EmailMessage {
  readonly to: string;
  readonly from?: string;
  readonly replyTo?: string;
  readonly subject: string;
  readonly text?: string;
  readonly html?: string;
}

/** Where mails go: a provider sends a complete message (from already resolved) or throws. */
export interface EmailProvider {
  send(message: EmailMessage & { readonly from: string }): Promise<void>;
}

/** What the rest of the app uses: send a mail; the configured provider delivers it. */
export interface EmailService {
  send(message: EmailMessage): Promise<void>;
}
