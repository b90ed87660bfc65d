// The sign-in page's parts only some visitors open, loaded together on demand.

export { PhoneLogin } from './phone-login.tsx';
export { RegisterDialog } from './register-dialog.tsx';
export { SwitchFields } from './switch-fields.tsx';
export { UnlockDialog } from './unlock-dialog.tsx';
