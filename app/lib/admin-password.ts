// Kept apart from auth.server.ts so that `npm run admin:create` can check a password's
// length before it loads better-auth and the database (docs/decisions/270).
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
