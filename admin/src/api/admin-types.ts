import type { ContentTypeSchema } from './content-manager-types';

/**
 * The shapes of Strapi 5's admin API that the app reads (recorded from Strapi 5.54:
 * test/fixtures/strapi-admin/admin-app/). Only the members the app uses are named; the server
 * sends more.
 */

/** GET /admin/init (public). */
export interface AdminInit {
  readonly uuid: string | false;
  readonly hasAdmin: boolean;
  readonly menuLogo: string | null;
  readonly authLogo: string | null;
}

export interface AdminRole {
  readonly id: number;
  readonly name: string;
  readonly code: string;
}

/** An admin user as /admin/login and /admin/users/me give it (`roles` only from users/me and register-admin). */
export interface AdminUser {
  readonly id: number;
  readonly firstname: string | null;
  readonly lastname: string | null;
  readonly username: string | null;
  readonly email: string;
  readonly roles?: readonly AdminRole[];
}

/**
 * POST /admin/login and /admin/register-admin. Strapi 5 sends the access token twice (`token`
 * and `accessToken`); servers of Strapi 4's protocol send only `token`.
 */
export interface AdminSession {
  readonly token: string;
  readonly accessToken?: string;
  readonly user: AdminUser;
}

/** POST /admin/access-token: a new access token from the refresh cookie. */
export interface AccessToken {
  readonly token: string;
}

/** One entry of GET /admin/users/me/permissions. */
export interface AdminPermission {
  readonly action: string;
  readonly subject: string | null;
}

export interface ContentTypeInfo {
  readonly displayName: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly description?: string;
}

/** A content type of GET /content-manager/init. */
export interface ContentTypeDto {
  readonly uid: string;
  readonly isDisplayed: boolean;
  readonly apiID: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly info: ContentTypeInfo;
}

/** GET /content-manager/init (components and field sizes are read by the edit view, later). */
export interface ContentManagerInit {
  readonly contentTypes: readonly ContentTypeSchema[];
}

/** `{ data }`, the envelope of most admin answers. */
export interface DataEnvelope<T> {
  readonly data: T;
}

/** The error envelope of every admin route: `{ data: null, error }`. */
export interface ErrorEnvelope {
  readonly error: {
    readonly status: number;
    readonly name: string;
    readonly message: string;
    readonly details?: unknown;
  };
}

/** One item of a ValidationError's `details.errors`. */
export interface ValidationItem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}
