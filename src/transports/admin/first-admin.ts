import type { EnvMap } from '../../core/config/env.js';
import { ApplicationError, DefinitionError, ValidationError } from '../../core/shared/errors.js';
import type { AdminUserService } from './admin-user-service.js';

/**
 * The first super-admin from the environment (ADMIN_EMAIL, ADMIN_PASSWORD, optional
 * ADMIN_FIRSTNAME, ADMIN_LASTNAME), created at start only while no admin user exists; once
 * one does, the variables are ignored. Bad values stop the start, naming the variable.
 */
export async function createFirstAdminFromEnv(users: AdminUserService, env: EnvMap, log: (message: string) => void): Promise<void> {
  const email = env.ADMIN_EMAIL;
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return;
  if (!email || !password) throw new DefinitionError('environment', 'ADMIN_EMAIL and ADMIN_PASSWORD create the first admin together: set both or neither');
  if ((await users.count()) > 0) return;
  try {
    const user = await users.create({ email, password, firstname: env.ADMIN_FIRSTNAME ?? null, lastname: env.ADMIN_LASTNAME ?? null });
    log(`Created the first super-admin ${user.email} from ADMIN_EMAIL and ADMIN_PASSWORD.`);
  } catch (error) {
    // Another instance starting at the same time created it.
    if (error instanceof ApplicationError && error.message === 'Email already taken') return;
    if (error instanceof ValidationError) {
      const field = String((error.details.errors as { path?: string[] }[] | undefined)?.[0]?.path?.[0] ?? '');
      throw new DefinitionError('environment', `${field === 'email' ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'}: ${error.message}`);
    }
    throw error;
  }
}
