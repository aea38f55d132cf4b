import { forwardRef, useId } from 'react';
import type { FocusEventHandler, ChangeEventHandler, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';

export type TextInputProps = {
  label: ReactNode;
  name?: string;
  type?: string;
  id?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  endAdornment?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** As TextField's `slotProps.htmlInput`: attributes of the input element itself. */
  slotProps?: { htmlInput?: InputBaseComponentProps };
};

/**
 * An outlined text field with the same markup, labelling and theme as MUI's TextField, for the auth screens.
 * TextField itself also brings its select variant (menu, popover, modal, focus trap), which these screens never
 * use and which would make up a fifth of the sign-in screen's script. The ref is the input element's.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, id: idOverride, required, disabled, error, helperText, fullWidth = true, slotProps, ...input },
  ref,
) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      required={required}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        inputRef={ref}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
