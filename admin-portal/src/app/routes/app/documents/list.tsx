import { DocumentsList } from '@/features/documents/components/documents-list';

const DocumentListRoute = () => <DocumentsList />;

export default DocumentListRoute;
