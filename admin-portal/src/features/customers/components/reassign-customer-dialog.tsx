import type { CustomerView } from '@ifu/contracts';

import { notify } from '@/components/ui/notifications';
import { ReassignApproverDialog } from '@/components/ui/reassign-approver-dialog';
import { assignedApproverText } from '@/lib/approvers';

import { useCustomerReassignCandidates, useReassignCustomerApprover } from '../api/reassign-approver';

/** "Reassign approver" for a customer awaiting approval, or for the change pending to it. Mount it to open it. */
export const ReassignCustomerDialog = ({ customer, onClose }: { customer: CustomerView; onClose: () => void }) => {
  const candidates = useCustomerReassignCandidates(customer.id);
  const reassign = useReassignCustomerApprover({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
      },
    },
  });
  const waitingFor = customer.pendingChange ?? customer;
  return (
    <ReassignApproverDialog
      subject={customer.pendingChange ? <>the change pending to customer {customer.customerName}</> : <>customer {customer.customerName}</>}
      currentApprover={assignedApproverText(waitingFor.approver?.name || waitingFor.approverId, waitingFor.delegatedFrom)}
      candidates={candidates}
      mutation={reassign}
      variables={(approverId, { username, password, reason }) => ({
        data: { customerId: customer.id, approverId, reason, username, password },
        version: customer.version,
      })}
      onClose={onClose}
    />
  );
};
