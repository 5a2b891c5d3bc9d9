import { ManageNotifications } from '@/features/notifications/components/manage-notifications';

const ManageNotificationRoute = () => <ManageNotifications />;

export default ManageNotificationRoute;
