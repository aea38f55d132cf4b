import type { ProgressStatus } from '@liftoff/contracts/programs';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
import { iconPaths } from '../../../components/icon-paths';
import { PlainChip } from '../../../components/plain-chip';

type StatusMeta = {
  label: string;
  color: 'primary' | 'default' | 'success' | 'error';
  /** A palette path for borders and icons. */
  tone: string;
  Icon: typeof CheckCircleIcon;
  /** The same icon's path, for a `PlainIcon` where a screen draws many (milestone-rings.tsx). */
  iconPath: string;
};

/** Status as icon, colour and words together (never colour alone). */
export const statusMeta: Record<ProgressStatus, StatusMeta> = {
  ONGOING: {
    label: 'In progress',
    color: 'primary',
    tone: 'primary.main',
    Icon: PlayCircleIcon,
    iconPath: iconPaths.playCircle,
  },
  LOCKED: {
    label: 'Locked',
    color: 'default',
    tone: 'text.secondary',
    Icon: LockIcon,
    iconPath: iconPaths.lock,
  },
  COMPLETED: {
    label: 'Completed',
    color: 'success',
    tone: 'success.main',
    Icon: CheckCircleIcon,
    iconPath: iconPaths.checkCircle,
  },
  INCOMPLETED: {
    label: 'Closed unfinished',
    color: 'error',
    tone: 'error.main',
    Icon: DoNotDisturbOnIcon,
    iconPath: iconPaths.doNotDisturbOn,
  },
};

/**
 * `notStarted` marks an open mission nobody has touched yet: it reads "Not started", not "In progress"
 * (see `missionStarted`). Drawn as a plain small chip (components/plain.css): nobody operates it, and the
 * programs page draws one per milestone and mission.
 */
export function StatusChip({ status, notStarted = false }: { status: ProgressStatus; notStarted?: boolean }) {
  const meta = statusMeta[status];
  const fresh = notStarted && status === 'ONGOING';
  const outlined = status === 'LOCKED' || fresh;
  return (
    <PlainChip
      label={fresh ? 'Not started' : meta.label}
      iconPath={meta.iconPath}
      outlined={outlined}
      color={meta.color}
    />
  );
}
