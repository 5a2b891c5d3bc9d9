import { Page } from '@/components/ui/page';
import { AddDocumentWizard } from '@/features/documents/components/add-document-wizard';

/** /document/add: the Add wizard (spec §2.9). */
const DocumentAddRoute = () => (
  <Page title="Add Document">
    <AddDocumentWizard />
  </Page>
);

export default DocumentAddRoute;
