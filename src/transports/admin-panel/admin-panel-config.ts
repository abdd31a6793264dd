import type { RawConfigFile } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

export interface AdminPanelConfig {
  /** `config/admin` `serveAdminPanel` (Strapi's key, default true): false serves no app at /admin, the admin API stays. */
  readonly serve: boolean;
}

/** The admin panel's settings from `config/admin`; a value that is not a boolean stops the start. */
export function readAdminPanelConfig(admin: RawConfigFile): AdminPanelConfig {
  const serve = admin.value.serveAdminPanel;
  if (serve === undefined) return { serve: true };
  if (typeof serve !== 'boolean') throw new DefinitionError(admin.file, `serveAdminPanel must be true or false, not ${JSON.stringify(serve)}`);
  return { serve };
}
