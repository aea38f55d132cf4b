import FlagIcon from '@mui/icons-material/FlagOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function MilestoneOutcomePage() {
  return (
    <EmptyStatePage
      title="Milestone outcome"
      icon={<FlagIcon fontSize="inherit" />}
      heading="Outcomes appear as you complete milestones"
    >
      When you finish the missions of a milestone, what you produced is gathered on this page.
    </EmptyStatePage>
  );
}
