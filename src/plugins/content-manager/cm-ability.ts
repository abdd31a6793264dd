import type { FastifyRequest } from 'fastify';
import type { AdminAbility } from '../../transports/admin/admin-ability.js';

/** How the content manager gets the caller's ability (the admin guard's `ability`: 401 for no admin session). */
export type AbilityOf = (request: FastifyRequest) => Promise<AdminAbility>;
