import MapIcon from '@mui/icons-material/MapOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function ProgramsPage() {
  return (
    <EmptyStatePage
      title="Programs"
      icon={<MapIcon fontSize="inherit" />}
      heading="Your program map is on its way"
    >
      Once you are enrolled, your program shows here as a path of milestones, each with its missions and its
      expert.
    </EmptyStatePage>
  );
}
