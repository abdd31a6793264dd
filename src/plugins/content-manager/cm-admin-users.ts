// The admin users shown as createdBy/updatedBy: shared with the media library (transports/admin).
export { adminUsersOf, type AdminUserRef } from '../../transports/admin/admin-user-refs.js';
