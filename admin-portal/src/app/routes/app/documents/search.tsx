import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentSearchRoute = () => (
  <Page title="Search Document">
    <PlaceholderContent />
  </Page>
);

export default DocumentSearchRoute;
