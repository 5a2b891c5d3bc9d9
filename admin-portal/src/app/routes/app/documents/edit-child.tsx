import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentEditChildRoute = () => {
  const { editId } = useParams();
  return (
    <Page title="Edit Child Document">
      <PlaceholderContent>Child document {editId}: this screen is not available yet.</PlaceholderContent>
    </Page>
  );
};

export default DocumentEditChildRoute;
