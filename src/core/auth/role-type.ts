/**
 * The content-type whose documents are the roles permissions are granted to. Its definition is
 * the users-permissions plugin's (Strapi's name is kept); the permission stage reads its rows.
 */
export const ROLE_UID = 'plugin::users-permissions.role';
