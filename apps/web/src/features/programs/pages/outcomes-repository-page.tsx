import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function OutcomesRepositoryPage() {
  return (
    <EmptyStatePage title="Outcomes" icon={<Inventory2Icon fontSize="inherit" />} heading="No outcomes yet">
      Everything you deliver in your missions collects here, grouped by program and milestone. Complete your
      first mission to fill it.
    </EmptyStatePage>
  );
}
