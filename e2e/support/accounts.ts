// Accounts the browser tests use. The platform administrator (seeded on the initial password
// `admin`) changes it at first sign-in, as anyone must: global-setup does so through the API
// before any test runs, so every test signs in with this one.
export const PLATFORM_ADMIN = { tenantId: '000000', account: 'admin', initialPassword: 'admin', password: 'Civdesk-e2e-2024' };

/** The demo tenant; its `admin`, `caseworker` and `auditor` have passwords equal to their names. */
export const DEMO_TENANT = '100001';
