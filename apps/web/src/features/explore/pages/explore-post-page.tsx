import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function ExplorePostPage() {
  return (
    <EmptyStatePage
      title="Article"
      icon={<MenuBookIcon fontSize="inherit" />}
      heading="This article is not available yet"
    >
      Articles open here once Explore is live. Head back to your overview to continue your program.
    </EmptyStatePage>
  );
}
