import { useParams } from 'react-router-dom';

import { ReviseChangeOrderPage } from '@/features/documents/components/revision-parts';

/** /document/revise/:id: Revise and resubmit, the Add wizard prefilled from this rejected change order. */
const DocumentReviseRoute = () => {
  const { id = '' } = useParams();
  return <ReviseChangeOrderPage key={id} id={id} />;
};

export default DocumentReviseRoute;
