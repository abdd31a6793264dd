import type { AdminClient } from './admin-client';
import type { AdminInit, AdminPermission, AdminSession, AdminUser, ContentManagerInit, DataEnvelope } from './admin-types';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  readonly rememberMe: boolean;
}

export interface RegisterInput {
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly password: string;
}

/** The admin routes the shell uses, each with Strapi 5's path and envelope. */
export interface AdminApi {
  init(): Promise<AdminInit>;
  login(input: LoginInput, deviceId: string): Promise<AdminSession>;
  registerAdmin(input: RegisterInput, deviceId: string): Promise<AdminSession>;
  logout(deviceId: string): Promise<void>;
  me(): Promise<AdminUser>;
  permissions(): Promise<readonly AdminPermission[]>;
  contentManagerInit(): Promise<ContentManagerInit>;
}

export function createAdminApi(client: AdminClient): AdminApi {
  const data = async <T>(answer: Promise<DataEnvelope<T>>): Promise<T> => (await answer).data;
  return {
    init: () => data(client.request<DataEnvelope<AdminInit>>('GET', '/admin/init', { auth: false })),
    login: (input, deviceId) => data(client.request<DataEnvelope<AdminSession>>('POST', '/admin/login', { auth: false, body: { ...input, deviceId } })),
    // Strapi's register-admin takes no lastname when it is empty (its validator refuses "").
    registerAdmin: ({ lastname, ...input }, deviceId) =>
      data(client.request<DataEnvelope<AdminSession>>('POST', '/admin/register-admin', { auth: false, body: { ...input, ...(lastname === '' ? {} : { lastname }), deviceId } })),
    logout: async (deviceId) => {
      await client.request<unknown>('POST', '/admin/logout', { body: { deviceId } });
    },
    me: () => data(client.request<DataEnvelope<AdminUser>>('GET', '/admin/users/me')),
    permissions: () => data(client.request<DataEnvelope<readonly AdminPermission[]>>('GET', '/admin/users/me/permissions')),
    contentManagerInit: () => data(client.request<DataEnvelope<ContentManagerInit>>('GET', '/content-manager/init')),
  };
}
