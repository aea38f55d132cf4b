import { forwardRef } from 'react';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';

/** A 6-digit one-time code input: numeric keyboard on phones, autofill from SMS/mail apps. */
export const CodeField = forwardRef<HTMLInputElement, TextFieldProps>(function CodeField(props, ref) {
  return (
    <TextField
      {...props}
      inputRef={ref}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: 6,
          style: {
            letterSpacing: '0.5em',
            fontSize: '1.5rem',
            textAlign: 'center',
            fontVariantNumeric: 'tabular-nums',
          },
        },
      }}
    />
  );
});
