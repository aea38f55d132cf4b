import Chip from '@mui/material/Chip';

/**
 * The chip of a meeting whose new time waits for an answer. White on the amber warning colour reads at
 * 3:1, under the 4.5:1 text needs: outlined in dark amber, with dark words.
 */
export function ProposedChip({ label }: { label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label={label}
      sx={{ color: 'text.primary', borderColor: 'warning.dark' }}
    />
  );
}
