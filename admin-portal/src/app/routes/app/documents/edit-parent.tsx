import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentEditParentRoute = () => {
  const { docId } = useParams();
  return (
    <Page title="Edit Document">
      <PlaceholderContent>Document {docId}: this screen is not available yet.</PlaceholderContent>
    </Page>
  );
};

export default DocumentEditParentRoute;
