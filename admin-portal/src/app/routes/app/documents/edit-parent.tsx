import { useParams } from 'react-router-dom';

import { EditParentPage } from '@/features/documents/components/edit-parent-page';

/** /document/editparent/:docId: Edit parent (spec §2.11). */
const DocumentEditParentRoute = () => {
  const { docId = '' } = useParams();
  return <EditParentPage key={docId} docId={docId} />;
};

export default DocumentEditParentRoute;
