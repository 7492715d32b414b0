import { ADMIN_ROLE_ID } from '@dme/shared';

/**
 * Menu entries and tiles marked adminOnly are for role 1. Kept apart from areas.ts: that module is
 * in the first bundle, and this import brings the user schemas (and zod) with it.
 */
export function visibleTo(roleId: number) {
  return (item: { adminOnly?: boolean }) => !item.adminOnly || roleId === ADMIN_ROLE_ID;
}
