import { ManageUsers } from '@/features/users/components/manage-users';

const ManageUserRoute = () => <ManageUsers />;

export default ManageUserRoute;
