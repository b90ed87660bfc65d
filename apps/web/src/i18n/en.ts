import type { Messages } from './zh.ts';

export const en: Messages = {
  app: { title: 'Civdesk Admin', system: 'System', home: 'Home' },
  lang: { switch: 'Language', zh: '中文', en: 'English' },
  header: { logout: 'Log out', logoutConfirm: 'Log out of the system?', user: 'User' },
  login: {
    title: 'Sign in',
    tenant: 'Tenant ID',
    account: 'Account',
    password: 'Password',
    captcha: 'Captcha',
    submit: 'Sign in',
    refresh: 'Click to refresh the captcha',
    tenantRequired: 'Please enter the tenant ID',
    accountRequired: 'Please enter the account',
    passwordRequired: 'Please enter the password',
    captchaRequired: 'Please enter the captcha',
    failed: 'Sign-in failed',
    register: 'Guest registration',
    related: 'Related sites',
  },
  changePassword: {
    title: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    oldRequired: 'Please enter the current password',
    newRequired: 'Please enter the new password',
    confirmRequired: 'Please enter the new password again',
    mismatch: 'The two passwords do not match',
    initialWarning: 'Please change the initial password',
    submit: 'OK',
    success: 'Password changed',
  },
  wel: { title: 'Home', hello: 'Welcome to Civdesk', hint: 'Choose what to manage from the menu on the left.' },
  notFound: { title: 'Page not found', back: 'Back to home' },
  // The rest of `crud` joins with the generic screen (i18n/crud-texts.ts); the request layer needs these.
  crud: {
    unavailable: 'The service is briefly unavailable, please try again shortly',
    unknownError: 'Unknown error',
  },
};
