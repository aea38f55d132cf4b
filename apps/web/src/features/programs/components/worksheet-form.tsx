import type { Worksheet } from '@liftoff/contracts/programs';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { growingText } from '../../../components/growing-text';

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
  // A worksheet's boxes each measured the page when it opened (components/growing-text.ts).
  const growing = growingText({ minRows: 3 });
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
          {...(field.kind === 'textarea' ? growing.field : {})}
          fullWidth
          slotProps={{
            input: field.kind === 'textarea' ? growing.input : undefined,
            htmlInput:
              field.kind === 'number'
                ? { inputMode: 'decimal' }
                : {
                    maxLength: 10_000,
                    ...(field.kind === 'textarea' ? growing.htmlInput : {}),
                  },
          }}
        />
      ))}
    </Stack>
  );
}
