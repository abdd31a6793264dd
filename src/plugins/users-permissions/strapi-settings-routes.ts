import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { requirePolicy } from '../../transports/admin/admin-routes-context.js';
import { fromStrapiEmailTemplates, toStrapiEmailTemplates } from './email-templates.js';
import type { UsersPermissionsSettings } from './settings.js';
import type { StrapiRoles } from './strapi-roles.js';

export interface StrapiSettingsRoutesOptions {
  readonly guard: AdminGuard;
  readonly settings: UsersPermissionsSettings;
  readonly roles: StrapiRoles;
}

/** Strapi's answer to a PUT without a body (or with `{}`). */
function requireBody(body: unknown): Record<string, unknown> {
  if (!BodyChecker.isObject(body)) throw new ValidationError('Request body cannot be empty');
  if (Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
  return body;
}

/** The one login provider Tessera has: email and password (`/api/auth/local`). */
const PROVIDERS = { email: { icon: 'envelope', enabled: true } } as const;

/**
 * Strapi's users-permissions settings routes over the settings the plugin already keeps in
 * the key-value store (shared by every instance): `/users-permissions/advanced`,
 * `/email-templates` and `/providers`. Unlike Strapi, which stores what it is sent, every
 * PUT is checked first (400, nothing written).
 */
export async function strapiSettingsRoutes(fastify: FastifyInstance, { guard, settings, roles }: StrapiSettingsRoutesOptions): Promise<void> {
  fastify.get('/users-permissions/advanced', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readAdvancedSettings);
    const [advanced, { roles: list }] = await Promise.all([settings.advanced(), roles.list()]);
    return { settings: advanced, roles: list.map((role) => ({ ...role, locale: null })) };
  });

  fastify.put('/users-permissions/advanced', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.updateAdvancedSettings);
    const body = requireBody(request.body);
    if (body.default_role !== undefined) {
      const { roles: list } = await roles.list();
      if (!list.some((role) => role.type === body.default_role)) throw ValidationError.atField('default_role', 'default_role must be the type of an existing role', body.default_role);
    }
    await settings.setAdvanced(body);
    return { ok: true };
  });

  fastify.get('/users-permissions/email-templates', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readEmailTemplates);
    return toStrapiEmailTemplates(await settings.emailTemplates());
  });

  fastify.put('/users-permissions/email-templates', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.updateEmailTemplates);
    const body = requireBody(request.body);
    const check = BodyChecker.of(body, {});
    check.onlyKeys(['email-templates']);
    const templates = check.object('email-templates', { required: true });
    templates.onlyKeys(['reset_password', 'email_confirmation']);
    await settings.setEmailTemplates(fromStrapiEmailTemplates(templates.body));
    return { ok: true };
  });

  fastify.get('/users-permissions/providers', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readProviders);
    return PROVIDERS;
  });

  fastify.put('/users-permissions/providers', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.updateProviders);
    const body = requireBody(request.body);
    const check = BodyChecker.of(body, {});
    check.onlyKeys(['providers']);
    const providers = check.object('providers', { required: true });
    const others = Object.keys(providers.body).filter((name) => name !== 'email');
    if (others.length > 0) throw ValidationError.atField('providers', `Tessera has no OAuth login; unknown providers: ${others.join(', ')}`, others);
    const email = providers.object('email');
    if (email) {
      email.onlyKeys(['icon', 'enabled']);
      if (email.boolean('enabled') === false) throw ValidationError.atField('providers.email.enabled', 'The email provider cannot be turned off', false);
    }
    return { ok: true };
  });
}
