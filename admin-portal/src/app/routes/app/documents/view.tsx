import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentViewRoute = () => {
  const { id } = useParams();
  return (
    <Page title="View Document">
      <PlaceholderContent>Document {id}: this screen is not available yet.</PlaceholderContent>
    </Page>
  );
};

export default DocumentViewRoute;
