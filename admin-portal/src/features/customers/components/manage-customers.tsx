import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { useSpecGridState } from '@/components/ui/spec-data-grid';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';

import { ApproveCustomerDialog } from './approve-customer-dialog';
import { copyText } from './copy-text';
import { CustomersTable } from './customers-table';
import { ReassignCustomerDialog } from './reassign-customer-dialog';
import { ViewCustomerDialog } from './view-customer-dialog';

/** 'URL Copied' stays for 3 seconds (spec §9). */
export const URL_COPIED_MS = 3_000;

type OpenDialog =
  | { name: 'none' }
  | { name: 'view'; customer: CustomerView }
  | { name: 'approve'; customer: CustomerView }
  | { name: 'reassign'; customer: CustomerView };

/**
 * Manage Customer (spec §2.4): the customer grid, Add Customer, and the view, approve and reassign modals. A link
 * with `?customer=<id>` (a task of My tasks) opens that customer's Approve modal when the viewer may decide it, its
 * view otherwise; `?view=<id>` (the link a mail about the customer gives) opens its View Customer modal.
 */
export const ManageCustomers = () => {
  const session = useSession();
  const navigate = useNavigate();
  const grid = useSpecGridState();
  const customers = useCustomers({ params: grid.params });
  const [dialog, setDialog] = useState<OpenDialog>({ name: 'none' });
  const [params, setParams] = useSearchParams();
  const taskId = params.get('customer');
  const linkedId = taskId ?? params.get('view');
  const linked = useCustomer({ id: linkedId ?? '', queryConfig: { enabled: linkedId !== null } });
  const linkedCustomer = linkedId !== null ? linked.data : undefined;
  useEffect(() => {
    if (linkedCustomer) setDialog(taskId !== null && linkedCustomer.canDecide ? { name: 'approve', customer: linkedCustomer } : { name: 'view', customer: linkedCustomer });
  }, [linkedCustomer, taskId]);

  const close = useCallback(() => {
    setDialog({ name: 'none' });
    // Closed, the linked customer stays closed: the link has done its work.
    if (linkedId !== null) setParams({}, { replace: true });
  }, [linkedId, setParams]);
  const onView = useCallback((customer: CustomerView) => setDialog({ name: 'view', customer }), []);
  const onApprove = useCallback((customer: CustomerView) => setDialog({ name: 'approve', customer }), []);
  const onReassign = useCallback((customer: CustomerView) => setDialog({ name: 'reassign', customer }), []);
  const onEdit = useCallback(
    (customer: CustomerView) => void navigate(paths.app.customerForm.getHref(customer.id)),
    [navigate],
  );
  const onCopyUrl = useCallback((customer: CustomerView) => {
    if (!customer.searchUrl) return;
    copyText(customer.searchUrl).then(
      () => notify('success', CUSTOMER_MESSAGES.urlCopied, { durationMs: URL_COPIED_MS }),
      () => notify('error', `Could not copy the URL: ${customer.searchUrl}`),
    );
  }, []);

  return (
    <Page
      title="Manage Customer"
      actions={
        <Button
          component={RouterLink}
          to={paths.app.customerForm.getHref('create')}
          variant="contained"
          startIcon={<AddBusinessOutlined />}
        >
          Add Customer
        </Button>
      }
    >
      {linkedId !== null && linked.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={close}>
          The customer of this link could not be opened: {errorMessage(linked.error)}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {customers.isError ? (
          <RetryAlert sx={{ m: 2 }} onRetry={() => void customers.refetch()}>
            {errorMessage(customers.error)}
          </RetryAlert>
        ) : (
          <CustomersTable
            rows={customers.data?.customerList ?? []}
            rowCount={customers.data?.total ?? 0}
            state={grid}
            loading={customers.isFetching}
            isAdmin={session?.role === 'ADMIN'}
            onView={onView}
            onEdit={onEdit}
            onApprove={onApprove}
            onCopyUrl={onCopyUrl}
          />
        )}
      </Paper>

      {dialog.name === 'view' ? <ViewCustomerDialog key={dialog.customer.id} customer={dialog.customer} onClose={close} onReassign={onReassign} /> : null}
      {dialog.name === 'reassign' ? <ReassignCustomerDialog key={dialog.customer.id} customer={dialog.customer} onClose={close} /> : null}
      {dialog.name === 'approve' && session ? (
        <ApproveCustomerDialog key={dialog.customer.id} customer={dialog.customer} approverId={session.id} onClose={close} />
      ) : null}
    </Page>
  );
};
