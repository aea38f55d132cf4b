import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function ArchiveChatsPage() {
  return (
    <EmptyStatePage
      title="Archived conversations"
      icon={<ArchiveIcon fontSize="inherit" />}
      heading="No archived conversations"
    >
      Conversations you archive in the AI workspace are kept here, ready to restore.
    </EmptyStatePage>
  );
}
