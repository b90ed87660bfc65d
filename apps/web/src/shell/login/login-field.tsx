import type { ReactNode } from 'react';

/** Label, control and its error line, styled like an antd form item. */
export function LoginField({
  id,
  label,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label htmlFor={id} className="login-label">
        {!optional && <span className="login-required">*</span>}
        {label}
      </label>
      {children}
      <div className="login-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
