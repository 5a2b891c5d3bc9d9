import { EmailedLinkPage } from '@/features/auth/components/emailed-link-page';

/** /user/unlock/:token — the owner lifts the lock that guesses from many places put on the account. */
const UnlockRoute = () => <EmailedLinkPage link="unlock" />;

export default UnlockRoute;
