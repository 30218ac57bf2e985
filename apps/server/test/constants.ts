export const TEST_ADMIN = { email: 'admin@test.local', password: 'test-admin-password' };
// operations: the test operator signs in with this TOTP secret (base32); secrets are sealed with the key.
export const TEST_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const TEST_CONSOLE_KEY = 'test-console-secret-key-not-for-production';
