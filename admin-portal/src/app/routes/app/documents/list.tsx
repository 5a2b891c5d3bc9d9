import { Page, PlaceholderContent } from '@/components/ui/page';

const DocumentListRoute = () => (
  <Page title="Documents">
    <PlaceholderContent />
  </Page>
);

export default DocumentListRoute;
