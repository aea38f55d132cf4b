import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function AiWorkspacePage() {
  return (
    <EmptyStatePage
      title="AI coach"
      icon={<AutoAwesomeIcon fontSize="inherit" />}
      heading="Your AI coach is getting ready"
    >
      Soon you can ask the coach to challenge a plan, draft an e-mail or explain a term — by typing or by
      voice — and keep each conversation.
    </EmptyStatePage>
  );
}
