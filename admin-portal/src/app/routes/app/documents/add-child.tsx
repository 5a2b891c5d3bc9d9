import { useParams } from 'react-router-dom';

import { ChildDocumentPage } from '@/features/documents/components/child-document-page';

/** /document/:crid/addchild: Add child (spec §2.10); crid is the change order's parentChangeId. */
const DocumentAddChildRoute = () => {
  const { crid = '' } = useParams();
  return <ChildDocumentPage key={crid} mode={{ kind: 'add', parentChangeId: crid }} />;
};

export default DocumentAddChildRoute;
