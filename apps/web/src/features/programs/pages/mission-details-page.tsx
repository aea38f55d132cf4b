import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function MissionDetailsPage() {
  return (
    <EmptyStatePage
      title="Mission"
      icon={<AssignmentIcon fontSize="inherit" />}
      heading="Missions open from your program map"
    >
      Each mission walks you through its steps here. Open one from Programs once your program is ready.
    </EmptyStatePage>
  );
}
