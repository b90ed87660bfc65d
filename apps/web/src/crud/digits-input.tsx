import { Form, Input, type InputProps } from 'antd';
import type { FormEvent } from 'react';

/** Keeps the digits of a value (a paste with other characters). */
export const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : v);

/**
 * A text input that takes digits only: anything else typed is refused on the spot and the field
 * says why (`refused`), rather than accepting letters until the form is saved.
 */
export function DigitsInput({ name, refused, ...rest }: InputProps & { name: string; refused: string }) {
  const form = Form.useFormInstance();
  const onBeforeInput = (e: FormEvent<HTMLInputElement>) => {
    const data = (e.nativeEvent as InputEvent).data;
    if (data && /\D/.test(data)) {
      e.preventDefault();
      form.setFields([{ name, errors: [refused] }]);
    }
  };
  return <Input {...rest} inputMode="numeric" onBeforeInput={onBeforeInput} />;
}
