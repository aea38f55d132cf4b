import { forwardRef, useState } from 'react';
import type { ChangeEventHandler, FocusEventHandler, InputHTMLAttributes, ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button';
import { TextField } from '../../../components/ui/text-field';

export type PasswordFieldProps = {
  label: ReactNode;
  name?: string;
  id?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Whether `helperText` says what is wrong: then it is the field's error, else its description. */
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Attributes of the input element itself (a strength meter it is described by). */
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> };
  /** Kept for callers written for MUI's field: the kit's field always takes its container's width. */
  fullWidth?: boolean;
};

/** A password input on the kit's TextField with a show/hide toggle that keeps its visible label. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { error, helperText, slotProps, fullWidth: _fullWidth, ...input },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...slotProps?.htmlInput}
      {...input}
      ref={ref}
      type={visible ? 'text' : 'password'}
      error={error ? helperText : undefined}
      description={error ? undefined : helperText}
      end={
        <IconButton
          label={visible ? 'Hide password' : 'Show password'}
          icon={visible ? <EyeOff /> : <Eye />}
          size="small"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
});
