import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';

/** A button that picks one PNG, JPEG or WebP image (the types the API accepts, checked there by bytes). */
export function ImageUploadButton({
  uploading,
  label,
  onFile,
  ...button
}: { uploading: boolean; label: string; onFile: (file: File | undefined) => void } & Omit<
  ButtonProps<'label'>,
  'onChange' | 'component'
>) {
  return (
    <Button component="label" variant="outlined" disabled={uploading} {...button}>
      {uploading ? 'Uploading…' : label}
      <input
        hidden
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
    </Button>
  );
}
