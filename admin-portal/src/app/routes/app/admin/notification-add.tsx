import { NotificationFormPage } from '@/features/notifications/components/notification-form-page';

const NotificationAddRoute = () => <NotificationFormPage />;

export default NotificationAddRoute;
