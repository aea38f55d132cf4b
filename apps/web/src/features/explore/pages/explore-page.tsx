import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function ExplorePage() {
  return (
    <EmptyStatePage
      title="Explore"
      icon={<ExploreIcon fontSize="inherit" />}
      heading="Articles for founders are coming"
    >
      Explore will list short reads by category and tag, so you can learn something useful between calls.
    </EmptyStatePage>
  );
}
