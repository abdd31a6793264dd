import type { Plugin } from '../plugin/plugin.js';
import { API_TOKEN_PERMISSIONS_TABLE, API_TOKENS_TABLE } from './api-token-tables.js';

/** API tokens: their tables (the admin API manages them, the auth strategy reads them). */
export const apiTokensPlugin: Plugin = {
  name: 'api-tokens',
  tables: [API_TOKENS_TABLE, API_TOKEN_PERMISSIONS_TABLE],
};
