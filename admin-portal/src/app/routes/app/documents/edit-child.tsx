import { useParams } from 'react-router-dom';

import { ChildDocumentPage } from '@/features/documents/components/child-document-page';

/** /document/editchild/:editId: Edit child (spec §2.10); editId is the child's childDocumentId. */
const DocumentEditChildRoute = () => {
  const { editId = '' } = useParams();
  return <ChildDocumentPage key={editId} mode={{ kind: 'edit', childDocumentId: editId }} />;
};

export default DocumentEditChildRoute;
