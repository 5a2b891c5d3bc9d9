import { DocumentSearch } from '@/features/document-search/components/document-search';

const DocumentSearchRoute = () => <DocumentSearch />;

export default DocumentSearchRoute;
