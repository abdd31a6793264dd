import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleService } from '../../core/locales/locale-service.js';
import { BodyChecker, type BodyDialect } from '../../core/shared/body-checker.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { requirePolicy } from '../../transports/admin/admin-routes-context.js';
import { routeId } from '../../transports/admin/route-id.js';
import { createIsoLocales } from './iso-locales.js';

export interface StrapiLocaleRoutesOptions {
  readonly guard: AdminGuard;
  readonly locales: LocaleService;
  readonly documents: DocumentService;
}

/** Strapi's i18n bodies (yup): every problem at once. */
const I18N_BODY: BodyDialect = {
  collect: true,
  notAnObject: (value) => ValidationError.fromFieldErrors([{ path: [], message: 'this must be a `object` type', name: 'ValidationError', value }]),
  strings: { words: { notAString: 'must be a `string` type' } },
};

/** Unknown keys as Strapi's yup reports them: one problem at the body, among the others. */
function unspecifiedKeys(check: BodyChecker, allowed: readonly string[]): void {
  const unknown = Object.keys(check.body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) check.problem([], `this field has unspecified keys: ${unknown.join(', ')}`);
}

/** Strapi's answer for an unknown locale id (its message is an i18n key). */
const notFound = (): NotFoundError => new NotFoundError('locale.notFound');

function idOf(request: FastifyRequest): number {
  const id = routeId((request.params as { id: string }).id);
  if (id === null) throw notFound();
  return id;
}

/** The service's 404 in Strapi's words. */
async function orNotFound<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof NotFoundError ? notFound() : error;
  }
}

/**
 * Strapi 5's i18n admin routes, at the root as Strapi serves them (`/i18n/locales`,
 * `/i18n/iso-locales`), with its bare bodies and statuses. Any admin may list the locales
 * (editors need them to write content); the others check `plugin::i18n.locale.*`. Deleting a
 * locale deletes every entry written in it, in the transaction that removes the locale.
 */
export async function strapiLocaleRoutes(fastify: FastifyInstance, { guard, locales, documents }: StrapiLocaleRoutesOptions): Promise<void> {
  const iso = createIsoLocales();

  fastify.get('/i18n/locales', async (request) => {
    await guard.authenticate(request);
    return locales.list();
  });

  fastify.get('/i18n/iso-locales', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.readLocales);
    return iso.list();
  });

  fastify.post('/i18n/locales', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.createLocales);
    const check = BodyChecker.of(request.body, I18N_BODY);
    unspecifiedKeys(check, ['name', 'code', 'isDefault']);
    const name = check.string('name', { nullable: true, max: 255 });
    const code = check.string('code', { required: true });
    if (code !== '' && !iso.has(code)) check.problem(['code'], 'code must be one of the locale codes of GET /i18n/iso-locales', code);
    const isDefault = check.boolean('isDefault');
    if (request.body !== null && typeof request.body === 'object' && (request.body as Record<string, unknown>).isDefault === undefined) check.problem(['isDefault'], 'isDefault is a required field');
    check.done();
    // An empty name is no name: Tessera then names it `English name (code)` (Strapi stores null).
    return locales.create({ code, name: name === null || name === '' ? undefined : name, isDefault });
  });

  fastify.put('/i18n/locales/:id', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.updateLocales);
    const id = idOf(request);
    const check = BodyChecker.of(request.body ?? {}, I18N_BODY);
    unspecifiedKeys(check, ['name', 'isDefault']);
    const name = check.string('name', { min: 1, max: 255 });
    const isDefault = check.boolean('isDefault');
    check.done();
    return orNotFound(() => locales.update(id, { name, isDefault }));
  });

  fastify.delete('/i18n/locales/:id', async (request) => {
    await requirePolicy({ guard }, request, ADMIN_ACTIONS.deleteLocales);
    const id = idOf(request);
    return orNotFound(() => locales.delete(id, (trx, code) => documents.deleteLocaleVersions(trx, code)));
  });
}
