import { ManageCustomers } from '@/features/customers/components/manage-customers';

const ManageCustomerRoute = () => <ManageCustomers />;

export default ManageCustomerRoute;
