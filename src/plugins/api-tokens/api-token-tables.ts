import { createHmac, randomBytes } from 'node:crypto';
import type { TableModel } from '../../core/db/table-model.js';

/** API tokens: stored only as an HMAC-SHA512 of the token (`access_key`), never the token. */
export const API_TOKENS_TABLE: TableModel = {
  name: 'strapi_api_tokens',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'name', type: 'string', notNull: true },
    { name: 'description', type: 'string' },
    { name: 'type', type: 'string', notNull: true },
    { name: 'access_key', type: 'string', notNull: true },
    { name: 'last_used_at', type: 'datetime' },
    { name: 'expires_at', type: 'datetime' },
    { name: 'lifespan', type: 'bigInteger' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
  ],
  indexes: [
    { name: 'strapi_api_tokens_access_key_uq', columns: ['access_key'], unique: true },
    { name: 'strapi_api_tokens_name_uq', columns: ['name'], unique: true },
  ],
};

/** The actions a `custom` token grants, one row each. */
export const API_TOKEN_PERMISSIONS_TABLE: TableModel = {
  name: 'strapi_api_token_permissions',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'token_id', type: 'integer', notNull: true },
    { name: 'action', type: 'string', notNull: true },
  ],
  indexes: [{ name: 'strapi_api_token_permissions_uq', columns: ['token_id', 'action'], unique: true }],
};

/** A new token's value: 256 hex characters, as the reference makes them. */
export function generateApiToken(): string {
  return randomBytes(128).toString('hex');
}

/** What is stored and looked up for a token: HMAC-SHA512 (hex) keyed with the salt. */
export function hashApiToken(token: string, salt: string): string {
  return createHmac('sha512', salt).update(token).digest('hex');
}
