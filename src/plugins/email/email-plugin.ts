import type { HttpPlugin } from '../../transports/plugin-http.js';
import { EMAIL_CONFIG } from './email-config.js';

/**
 * Mail providers. The plugin contributes only its config section, checked at start; the email
 * service itself is made by the plugin that sends mails (users-permissions) from what was read.
 */
export const emailPlugin: HttpPlugin = { name: 'email', config: EMAIL_CONFIG };
