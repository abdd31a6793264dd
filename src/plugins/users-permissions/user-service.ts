import { randomBytes } from 'node:crypto';
import type { Document } from '../../core/documents/document.js';
import type { WriteGuard } from '../../core/documents/document-service.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { EmailService } from '../email/email-provider.js';
import type { HttpPluginContext } from '../../transports/plugin-http.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { ApplicationError, ValidationError } from '../../core/shared/errors.js';
import { USER_UID } from './content-types.js';
import { renderTemplate, senderOf, type EmailTemplate } from './email-templates.js';
import type { UsersPermissionsSettings } from './settings.js';
import { hashCode, type UserRecord, type UserRecords } from './user-records.js';

/** Writes and reads of users for the plugin's routes, always through the document service. */
export interface UserService {
  readonly contentType: ContentType;
  /** The query a response without query parameters uses: every public attribute, nothing populated. */
  readonly defaultQuery: DocumentQuery;
  /** The sanitized user (no private attribute), as the next GET would show it. */
  output(documentId: string, query?: DocumentQuery): Promise<Document | null>;
  /** `guard` runs in the create's transaction (see DocumentService.create). */
  create(data: Readonly<Record<string, unknown>>, guard?: WriteGuard): Promise<Document>;
  update(documentId: string, data: Readonly<Record<string, unknown>>, query?: DocumentQuery): Promise<Document | null>;
  /** Stores a new confirmation code and mails it. */
  sendConfirmation(record: UserRecord): Promise<void>;
  /** Stores a new reset code and mails it. */
  sendReset(record: UserRecord): Promise<void>;
}

export interface UserServiceOptions {
  readonly feature: HttpPluginContext;
  readonly records: UserRecords;
  readonly settings: UsersPermissionsSettings;
  readonly email: EmailService;
  /** The server's public URL, for links in mails. */
  readonly serverUrl: () => string;
}

export function createUserService({ feature, settings, email, serverUrl }: UserServiceOptions): UserService {
  const { documents, registry, config, locales } = feature;
  const contentType = registry.get(USER_UID);
  if (!contentType) throw new Error(`${USER_UID} is missing from the registry`);
  const defaultQuery = parseDocumentQuery({}, { contentType, rest: config.rest, registry, locales });

  const update = (documentId: string, data: Readonly<Record<string, unknown>>, query = defaultQuery) =>
    documents.update({ documentId, write: validateData(data, contentType, 'update', registry), query });

  async function mail(record: UserRecord, template: EmailTemplate, variables: Readonly<Record<string, unknown>>): Promise<void> {
    const user = await documents.findOne({ query: defaultQuery, documentId: record.documentId });
    const all = { ...variables, USER: user ?? {}, SERVER_URL: serverUrl() };
    const from = senderOf(template);
    await email.send({
      to: record.email,
      ...(from ? { from } : {}),
      ...(template.response_email ? { replyTo: template.response_email } : {}),
      subject: renderTemplate(template.object, all, false),
      // Tags are stripped after the variables are filled in: stripping the template first took
      // `<%= URL %>` and `<%= CODE %>` for tags, and the text part lost its link.
      text: renderTemplate(template.message, all, false).replace(/<[^>]*>/g, ''),
      html: renderTemplate(template.message, all, true),
    });
  }

  return {
    contentType,
    defaultQuery,
    output: (documentId, query = defaultQuery) => documents.findOne({ query, documentId }),
    create: (data, guard) => documents.create({ write: validateData(data, contentType, 'create', registry), query: defaultQuery, guard }),
    update,
    async sendConfirmation(record) {
      const code = randomBytes(20).toString('hex');
      await update(record.documentId, { confirmationToken: hashCode(code) });
      const templates = await settings.emailTemplates();
      await mail(record, templates.email_confirmation, { URL: `${serverUrl()}${config.rest.prefix}/auth/email-confirmation`, CODE: code });
    },
    async sendReset(record) {
      const code = randomBytes(64).toString('hex');
      // Stored before the mail is sent, as the reference does: a failed mail leaves a code an administrator can replace.
      await update(record.documentId, { resetPasswordToken: hashCode(code) });
      const [templates, advanced] = await Promise.all([settings.emailTemplates(), settings.advanced()]);
      await mail(record, templates.reset_password, { URL: advanced.email_reset_password ?? '', TOKEN: code });
    },
  };
}

/** A unique-attribute failure of a user write (the username) as the reference's message. */
export function translateTaken<T>(run: () => Promise<T>, message: string): Promise<T> {
  return run().catch((error: unknown) => {
    const errors = error instanceof ValidationError ? (error.details.errors as readonly { path?: readonly string[]; message?: string }[] | undefined) : undefined;
    if (errors?.some((entry) => entry.message === 'This attribute must be unique')) throw new ApplicationError(message);
    throw error;
  });
}
