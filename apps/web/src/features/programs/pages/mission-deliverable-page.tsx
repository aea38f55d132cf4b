import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { EmptyStatePage } from '../../../components/empty-state-page';

/** Placeholder until the issue that builds this area replaces it. */
export function MissionDeliverablePage() {
  return (
    <EmptyStatePage
      title="Deliverable"
      icon={<UploadFileIcon fontSize="inherit" />}
      heading="No deliverables yet"
    >
      Upload your first one from a mission: it will be kept here with the mission it belongs to.
    </EmptyStatePage>
  );
}
