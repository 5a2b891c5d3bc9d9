import { PaperCopyRequests } from '@/features/paper-copies/components/paper-copy-requests';

const PaperCopiesRoute = () => <PaperCopyRequests />;

export default PaperCopiesRoute;
