import { AuditReview } from '@/features/audit-review/components/audit-review';

const AuditReviewRoute = () => <AuditReview />;

export default AuditReviewRoute;
