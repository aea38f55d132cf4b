import type { ProgressStatus } from '@liftoff/contracts/programs';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
import { CircleCheck, CircleMinus, CirclePlay, Lock } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { iconPaths } from '../../../components/icon-paths';
import { Chip } from '../../../components/ui/chip';

type StatusMeta = {
  label: string;
  color: 'primary' | 'neutral' | 'success' | 'error';
  /** A palette path for borders and icons. */
  tone: string;
  Icon: typeof CheckCircleIcon;
  /** The same icon's path, for a `PlainIcon` where a screen draws many (milestone-rings.tsx). */
  iconPath: string;
  /** The same icon from the kit's icon set, for the kit's Chip. */
  Glyph: LucideIcon;
};

/** Status as icon, colour and words together (never colour alone). */
export const statusMeta: Record<ProgressStatus, StatusMeta> = {
  ONGOING: {
    label: 'In progress',
    color: 'primary',
    tone: 'primary.main',
    Icon: PlayCircleIcon,
    iconPath: iconPaths.playCircle,
    Glyph: CirclePlay,
  },
  LOCKED: {
    label: 'Locked',
    color: 'neutral',
    tone: 'text.secondary',
    Icon: LockIcon,
    iconPath: iconPaths.lock,
    Glyph: Lock,
  },
  COMPLETED: {
    label: 'Completed',
    color: 'success',
    tone: 'success.main',
    Icon: CheckCircleIcon,
    iconPath: iconPaths.checkCircle,
    Glyph: CircleCheck,
  },
  INCOMPLETED: {
    label: 'Closed unfinished',
    color: 'error',
    tone: 'error.main',
    Icon: DoNotDisturbOnIcon,
    iconPath: iconPaths.doNotDisturbOn,
    Glyph: CircleMinus,
  },
};

/**
 * `notStarted` marks an open mission nobody has touched yet: it reads "Not started", not "In progress"
 * (see `missionStarted`). The kit's Chip: nobody operates it, and the programs page draws one per milestone and
 * mission.
 */
export function StatusChip({ status, notStarted = false }: { status: ProgressStatus; notStarted?: boolean }) {
  const meta = statusMeta[status];
  const fresh = notStarted && status === 'ONGOING';
  const outlined = status === 'LOCKED' || fresh;
  return (
    <Chip
      label={fresh ? 'Not started' : meta.label}
      icon={<meta.Glyph />}
      outlined={outlined}
      tone={meta.color}
    />
  );
}
