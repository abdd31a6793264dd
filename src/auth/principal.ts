/**
 * Who is calling. Until users and API tokens exist every request is anonymous and acts with
 * the Public role; the users-and-roles work adds the other kinds here.
 */
export type Principal = { readonly kind: 'public'; readonly roleType: 'public' };

export const PUBLIC_PRINCIPAL: Principal = Object.freeze({ kind: 'public', roleType: 'public' });
