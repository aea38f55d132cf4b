import type { ReviewStatus } from '@liftoff/contracts/programs-review';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmptyOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';

type ReviewMeta = {
  label: string;
  color: 'default' | 'info' | 'warning' | 'success';
  Icon: typeof CheckCircleIcon;
  /** What it means for the founder, in their words. */
  forFounder: string;
};

/** A review status as icon, colour and words together (never colour alone). */
export const reviewStatusMeta: Record<ReviewStatus, ReviewMeta> = {
  submitted: {
    label: 'Waiting for review',
    color: 'default',
    Icon: HourglassEmptyIcon,
    forFounder: 'Your program team will look at your deliverable soon.',
  },
  in_review: {
    label: 'In review',
    color: 'info',
    Icon: VisibilityIcon,
    forFounder: 'Your program team is reading your deliverable now.',
  },
  changes_requested: {
    label: 'Changes requested',
    color: 'warning',
    Icon: EditNoteIcon,
    forFounder: 'Your program team asked for changes. Read their comments and upload a new version.',
  },
  approved: {
    label: 'Approved',
    color: 'success',
    Icon: CheckCircleIcon,
    forFounder: 'Your program team approved your deliverable.',
  },
};

export function ReviewStatusChip({
  status,
  size = 'small',
  ...rest
}: { status: ReviewStatus } & Omit<ChipProps, 'color' | 'label' | 'icon'>) {
  const meta = reviewStatusMeta[status];
  // White on the amber warning colour reads at 3:1, under the 4.5:1 text needs: outlined, dark words.
  const amber = status === 'changes_requested';
  return (
    <Chip
      size={size}
      color={meta.color}
      variant={status === 'submitted' || amber ? 'outlined' : 'filled'}
      icon={<meta.Icon fontSize="small" />}
      label={meta.label}
      {...rest}
      sx={[
        amber && {
          color: 'text.primary',
          borderColor: 'warning.dark',
          '& .MuiChip-icon': { color: 'warning.dark' },
        },
        ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx]),
      ]}
    />
  );
}
