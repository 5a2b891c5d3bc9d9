import { Page, PlaceholderContent } from '@/components/ui/page';

const QueryRoute = () => (
  <Page title="Query">
    <PlaceholderContent />
  </Page>
);

export default QueryRoute;
