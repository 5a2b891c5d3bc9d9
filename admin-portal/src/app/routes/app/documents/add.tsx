import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentAddRoute = () => (
  <Page title="Add Document">
    <PlaceholderContent />
  </Page>
);

export default DocumentAddRoute;
