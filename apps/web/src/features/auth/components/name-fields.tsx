import type { UseFormRegisterReturn } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Breakpoint } from '@mui/material/styles';

type FieldMessage = { message?: string } | undefined;

/**
 * First and last name side by side (stacked below `rowFrom`), for forms whose schema checks both with
 * `personName`: the form registers the fields and hands in its errors.
 */
export function NameFields({
  firstName,
  lastName,
  errors,
  autoFocus,
  fullWidth,
  rowFrom = 'mobile',
}: {
  firstName: UseFormRegisterReturn<'firstName'>;
  lastName: UseFormRegisterReturn<'lastName'>;
  errors: { firstName?: FieldMessage; lastName?: FieldMessage };
  autoFocus?: boolean;
  fullWidth?: boolean;
  rowFrom?: Breakpoint;
}) {
  return (
    <Stack direction={{ xs: 'column', [rowFrom]: 'row' }} spacing={2}>
      <TextField
        label="First name"
        autoComplete="given-name"
        autoFocus={autoFocus}
        required
        fullWidth={fullWidth}
        error={Boolean(errors.firstName)}
        helperText={errors.firstName?.message}
        {...firstName}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        required
        fullWidth={fullWidth}
        error={Boolean(errors.lastName)}
        helperText={errors.lastName?.message}
        {...lastName}
      />
    </Stack>
  );
}
