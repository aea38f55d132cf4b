import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { getIn, type FieldErrors } from './program-document';

/** The document being edited, its field errors, and the one way to change it (by path). */
export type DocumentEditing = {
  doc: ProgramDocument;
  errors: FieldErrors;
  set: (path: string, value: unknown) => void;
};

const DocumentContext = createContext<DocumentEditing | null>(null);

export function DocumentProvider({ value, children }: { value: DocumentEditing; children: ReactNode }) {
  return <DocumentContext.Provider value={value}>{children}</DocumentContext.Provider>;
}

export function useDocument(): DocumentEditing {
  const value = useContext(DocumentContext);
  if (!value) throw new Error('useDocument outside a DocumentProvider');
  return value;
}

/** A DOM id for a field's path, so an error summary can take the user to the field. */
export const fieldId = (path: string) => `field-${path.replace(/\./g, '-')}`;

type TextProps = {
  path: string;
  label: string;
  multiline?: boolean;
  minRows?: number;
  number?: boolean;
  /** Optional fields leave the document when emptied; required ones stay empty for the API to name. */
  optional?: boolean;
  help?: string;
  required?: boolean;
  /** Values to offer while typing (the browser's own list: any value may still be typed). */
  suggestions?: string[];
};

/**
 * A text field bound to the document at `path`, showing the API's error for that path in place. Numbers keep
 * what was typed as a number (or nothing), so the API's checks, not the browser, decide what is wrong.
 */
export function DocText(props: TextProps) {
  const { path, label, multiline, minRows, number, optional, help, required, suggestions } = props;
  const { doc, errors, set } = useDocument();
  const value = getIn(doc, path);
  const error = errors[path];
  const listId = suggestions ? `${fieldId(path)}-suggestions` : undefined;
  return (
    <>
      <TextField
        id={fieldId(path)}
        label={label}
        value={value === undefined || value === null || (number && Number.isNaN(value)) ? '' : String(value)}
        onChange={(event) => {
          const text = event.target.value;
          if (optional && text.trim() === '') return set(path, undefined);
          if (!number) return set(path, text);
          if (text.trim() === '') return set(path, Number.NaN);
          set(path, Number(text));
        }}
        error={Boolean(error)}
        helperText={error ?? help}
        required={required}
        multiline={multiline}
        minRows={minRows}
        type={number ? 'number' : 'text'}
        slotProps={{ htmlInput: number ? { min: 1, step: 1 } : { list: listId } }}
        fullWidth
      />
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

export function DocCheck({ path, label }: { path: string; label: string }) {
  const { doc, set } = useDocument();
  return (
    <FormControlLabel
      control={
        <Checkbox checked={Boolean(getIn(doc, path))} onChange={(event) => set(path, event.target.checked)} />
      }
      label={label}
    />
  );
}

export function DocSelect({
  path,
  label,
  options,
  onChange,
}: {
  path: string;
  label: string;
  options: { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  const { doc, errors, set } = useDocument();
  const error = errors[path];
  return (
    <TextField
      id={fieldId(path)}
      select
      label={label}
      value={String(getIn(doc, path) ?? '')}
      onChange={(event) => (onChange ? onChange(event.target.value) : set(path, event.target.value))}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
