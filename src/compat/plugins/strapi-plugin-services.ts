import type { HttpPluginContext } from '../../transports/plugin-http.js';
import { createEmailService } from '../../plugins/email/create-email-service.js';
import { EMAIL_CONFIG } from '../../plugins/email/email-config.js';
import type { EmailService } from '../../plugins/email/email-provider.js';
import type { UploadService } from '../../plugins/upload/upload-service.js';
import { createEmailServices } from './email-services.js';
import { createI18nServices } from './i18n-services.js';
import { createPluginServices, type PluginHandle, type ServiceObject } from './plugin-services.js';
import { createUploadServices } from './upload-services.js';
import { createUsersPermissionsServices } from './users-permissions-services.js';

export interface StrapiPluginServicesOptions {
  /** What the plugins registered with (app.ts: `features`). */
  readonly context: HttpPluginContext;
  /** The server's public URL for links in mails: users-permissions' `serverUrlOf(fastify, context)`. */
  readonly serverUrl: () => string;
  /** The plugins' own instances, when the server hands them; otherwise built from the same config over the same services. */
  readonly email?: EmailService;
  readonly uploads?: UploadService;
  /** Services of other plugins, by plugin then service (GraphQL's `extension`). */
  readonly extra?: Readonly<Record<string, Readonly<Record<string, ServiceObject>>>>;
}

export interface StrapiPluginServices {
  /** `strapi.plugin(name)`: `.service(name)` of users-permissions (user, role, jwt), upload (upload), email (email), i18n (locales) and `extra`. */
  readonly plugin: (name: string) => PluginHandle;
  /** At app close: releases what the adapters opened (an upload provider built here). */
  close(): Promise<void>;
}

/**
 * `strapi.plugin(name).service(name)` for the built-in plugins: adapters over the plugins' own
 * services, each reading and writing through the document service like the plugins' routes.
 */
export async function createStrapiPluginServices({ context, serverUrl, email, uploads, extra = {} }: StrapiPluginServicesOptions): Promise<StrapiPluginServices> {
  const mailer = email ?? createEmailService(context.config, context.configs.of(EMAIL_CONFIG), context.log);
  const usersPermissions = await createUsersPermissionsServices({ context, serverUrl, email: mailer });
  const upload = createUploadServices({ context, ...(uploads ? { uploads } : {}) });
  const plugin = createPluginServices({
    ...extra,
    'users-permissions': { ...extra['users-permissions'], user: usersPermissions.user, role: usersPermissions.role, jwt: usersPermissions.jwt },
    upload: { ...extra.upload, upload: upload.upload },
    email: { ...extra.email, ...createEmailServices(mailer) },
    i18n: { ...extra.i18n, ...createI18nServices(context.locales) },
  });
  return { plugin, close: () => upload.close() };
}
