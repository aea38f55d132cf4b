import { forwardRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { sixDigitCode } from '@liftoff/contracts/auth';
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

const codeSchema = z.object({ code: sixDigitCode });

/** The form of one 6-digit code, checked in the browser before it is sent. */
export const useCodeForm = () =>
  useForm<{ code: string }>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
