import { CUSTOMER_FIELD_LABEL, DEFAULT_VISITOR_ACCESS, VISITOR_ACCESS_LABEL } from '@ifu/contracts';
import type { CustomerChangeField, CustomerView } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { assignedApproverText } from '@/lib/approvers';

import { pendingLogoOwner } from '../api/get-customer-logo';

import { countryNames, formatUtcDateTime } from './customer-format';
import { CustomerLogo } from './customer-logo';

type Approver = CustomerView['approver'];
type PendingChange = NonNullable<CustomerView['pendingChange']>;

const EMPTY = '—';
const approverText = (approver: Approver, id: string) => (approver ? `${approver.name} (${approver.email})` : id || EMPTY);

/** One field of a pending change as the screens show it: its label, the approved (public) value and the one waiting. */
export type PendingRow = { field: CustomerChangeField; label: string; current: ReactNode; pending: ReactNode };

/** The rows of a customer's pending change, in the form's order; none when nothing is pending. */
export const pendingRows = (customer: CustomerView): PendingRow[] => {
  const pending = customer.pendingChange;
  if (!pending) return [];
  const text = (field: Exclude<CustomerChangeField, 'customerLogo' | 'approverId' | 'countryExclusionList' | 'visitorAccess'>) => ({
    current: customer[field] || EMPTY,
    pending: pending[field] || EMPTY,
  });
  const values = (field: CustomerChangeField): Omit<PendingRow, 'field' | 'label'> => {
    switch (field) {
      case 'approverId':
        return { current: approverText(customer.approver, customer.approverId), pending: approverText(pending.approver, pending.approverId) };
      case 'countryExclusionList':
        return { current: countryNames(customer.countryExclusionList) || EMPTY, pending: countryNames(pending.countryExclusionList) || EMPTY };
      case 'visitorAccess':
        return {
          current: VISITOR_ACCESS_LABEL[customer.visitorAccess ?? DEFAULT_VISITOR_ACCESS],
          pending: VISITOR_ACCESS_LABEL[pending.visitorAccess ?? customer.visitorAccess ?? DEFAULT_VISITOR_ACCESS],
        };
      case 'customerLogo': {
        const owner = pendingLogoOwner(customer);
        return {
          current: <CustomerLogo customer={customer} />,
          pending: owner ? <CustomerLogo customer={{ ...owner, customerName: `${pending.customerName} (waiting for approval)` }} /> : EMPTY,
        };
      }
      default:
        return text(field);
    }
  };
  return pending.changed.map((field) => ({ field, label: CUSTOMER_FIELD_LABEL[field], ...values(field) }));
};

/** The 'Change pending' badge beside an approved customer's status while a change waits for the approver. */
export const PendingChangeChip = ({ customer }: { customer: Pick<CustomerView, 'pendingChange'> }) =>
  customer.pendingChange ? (
    <Chip size="small" variant="outlined" color="info" label="Change pending" data-testid="customer-change-pending" />
  ) : null;

type PendingChangeTableProps = {
  customer: CustomerView & { pendingChange: PendingChange };
  /** Labels the table for assistive technology. */
  caption: string;
};

/** The fields of a pending change: field, the approved value (public now), the value waiting for the signature. */
export const PendingChangeTable = ({ customer, caption }: PendingChangeTableProps) => (
  <Table size="small" aria-label={caption} sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top', px: 1 } }} data-testid="pending-change-table">
    <TableHead>
      <TableRow>
        <TableCell component="th" scope="col" sx={{ width: '28%' }}>
          Field
        </TableCell>
        <TableCell component="th" scope="col">
          Approved (public now)
        </TableCell>
        <TableCell component="th" scope="col">
          Waiting for approval
        </TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {pendingRows(customer).map((row) => (
        <TableRow key={row.field} data-testid="pending-change-row" data-field={row.field}>
          <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
            {row.label}
          </TableCell>
          <TableCell data-testid="pending-change-current">{row.current}</TableCell>
          <TableCell data-testid="pending-change-pending">{row.pending}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** Who signs a pending change and since when it waits. */
export const pendingSummary = (pending: PendingChange) =>
  `Saved ${formatUtcDateTime(pending.proposedAt)}; ${
    pending.approver ? `${assignedApproverText(pending.approver.name, pending.delegatedFrom)} signs it` : 'its approver signs it'
  }. Until then the approved version stays public.`;

type PendingChangeSectionProps = {
  customer: CustomerView;
  headingId: string;
  /** h3 under a dialog's title, h2 under a page's. */
  headingLevel?: 'h2' | 'h3';
};

/** A section of a dialog or page: the pending change with its heading. */
export const PendingChangeSection = ({ customer, headingId, headingLevel = 'h3' }: PendingChangeSectionProps) => {
  const pending = customer.pendingChange;
  if (!pending) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="pending-change">
      <Typography id={headingId} variant="subtitle2" component={headingLevel} sx={{ mb: 0.5, fontWeight: 700 }}>
        Change waiting for approval
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {pendingSummary(pending)}
      </Typography>
      <PendingChangeTable customer={{ ...customer, pendingChange: pending }} caption="Change waiting for approval" />
    </Box>
  );
};
