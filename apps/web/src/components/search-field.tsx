import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';

type SearchFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'slotProps'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** What "Clear search" does; by default it empties the field. */
  onClear?: () => void;
  /** Shown before the text, usually a search icon. */
  startIcon?: ReactNode;
  htmlInput?: Record<string, unknown>;
};

/**
 * A search box with one "Clear search" button of our own, shown while there is text. Browsers draw their own
 * clear button in search inputs (Chromium and Safari do, Firefox does not); it is hidden so there is never two.
 */
export function SearchField({
  value,
  onValueChange,
  onClear,
  startIcon,
  htmlInput,
  size,
  sx,
  ...field
}: SearchFieldProps) {
  return (
    <TextField
      {...field}
      size={size}
      type="search"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      sx={[
        { '& input::-webkit-search-cancel-button': { display: 'none' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      slotProps={{
        htmlInput,
        input: {
          startAdornment: startIcon ? (
            <InputAdornment position="start">{startIcon}</InputAdornment>
          ) : undefined,
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size={size === 'small' ? 'small' : 'medium'}
                edge="end"
                aria-label="Clear search"
                onClick={() => (onClear ? onClear() : onValueChange(''))}
              >
                <ClearIcon fontSize={size === 'small' ? 'small' : 'medium'} />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
