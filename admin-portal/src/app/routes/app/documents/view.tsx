import { useParams } from 'react-router-dom';

import { ChangeOrderPage } from '@/features/documents/components/change-order-view';

const DocumentViewRoute = () => {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous document (opened files, an open dialog) carries over.
  return <ChangeOrderPage key={id} id={id} />;
};

export default DocumentViewRoute;
