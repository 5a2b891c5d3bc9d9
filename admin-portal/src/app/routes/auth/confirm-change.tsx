import { EmailedLinkPage } from '@/features/auth/components/emailed-link-page';

/** /user/confirm/:token — accepts a change of the account's email or name, or confirms its new address. */
const ConfirmChangeRoute = () => <EmailedLinkPage link="confirm-change" />;

export default ConfirmChangeRoute;
