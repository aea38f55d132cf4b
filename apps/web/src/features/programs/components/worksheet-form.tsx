import type { Worksheet } from '@liftoff/contracts/programs';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** A TOOL step's worksheet: one labelled field per template field, with its coaching hint. */
export function WorksheetForm({
  worksheet,
  answers,
  onChange,
  errors,
  idPrefix,
}: {
  worksheet: Worksheet;
  answers: Record<string, string>;
  onChange: (key: string, value: string) => void;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  return (
    <Stack spacing={2.5}>
      {worksheet.fields.map((field) => (
        <TextField
          key={field.key}
          id={`${idPrefix}-${field.key}`}
          label={field.label}
          value={answers[field.key] ?? ''}
          onChange={(event) => onChange(field.key, event.target.value)}
          helperText={errors[field.key] ?? field.help}
          error={Boolean(errors[field.key])}
          multiline={field.kind === 'textarea'}
          minRows={field.kind === 'textarea' ? 3 : undefined}
          fullWidth
          slotProps={{
            htmlInput: field.kind === 'number' ? { inputMode: 'decimal' } : { maxLength: 10_000 },
          }}
        />
      ))}
    </Stack>
  );
}
