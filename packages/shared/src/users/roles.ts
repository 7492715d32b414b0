/** The administrator role (role 1): kept free of zod, the app shell reads it on every page. */
export const ADMIN_ROLE_ID = 1;
