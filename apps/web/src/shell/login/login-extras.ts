// The sign-in page's parts only some visitors open, loaded together on demand.

export { completeAuthorize } from './authorize-request.ts';
export { CertLogin } from './cert-login.tsx';
export { PhoneLogin } from './phone-login.tsx';
export { RegisterDialog } from './register-dialog.tsx';
export { SwitchFields } from './switch-fields.tsx';
export { UnlockDialog } from './unlock-dialog.tsx';
