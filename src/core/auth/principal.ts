/**
 * Who is calling: nobody (the Public role), an end user (with the role the user holds), or an
 * API token. Built once per request by the auth service, never changed.
 */
export type Principal = PublicPrincipal | UserPrincipal | ApiTokenPrincipal;

export interface PublicPrincipal {
  readonly kind: 'public';
  readonly roleType: 'public';
}

export interface UserPrincipal {
  readonly kind: 'user';
  /** Row id and documentId of the `plugin::users-permissions.user`. */
  readonly userId: number;
  readonly documentId: string;
  /** The user's role (its type names it in `config/permissions`: `authenticated`, or a custom type). */
  readonly roleId: number | null;
  readonly roleType: string;
}

export type ApiTokenType = 'read-only' | 'full-access' | 'custom';

export interface ApiTokenPrincipal {
  readonly kind: 'api-token';
  readonly tokenId: number;
  readonly tokenType: ApiTokenType;
  /** The actions a `custom` token grants (`api::article.article.find`, …); empty for the other types. */
  readonly actions: readonly string[];
}

export const PUBLIC_PRINCIPAL: PublicPrincipal = Object.freeze({ kind: 'public', roleType: 'public' });
