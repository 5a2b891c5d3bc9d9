import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentAddChildRoute = () => {
  const { crid } = useParams();
  return (
    <Page title="Add Child Document">
      <PlaceholderContent>Document {crid}: this screen is not available yet.</PlaceholderContent>
    </Page>
  );
};

export default DocumentAddChildRoute;
