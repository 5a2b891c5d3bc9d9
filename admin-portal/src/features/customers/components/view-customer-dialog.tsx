import { CUSTOMER_FIELD_LABEL, DEFAULT_VISITOR_ACCESS, REASSIGN_MESSAGES, SIGNATURE_MEANING_LABELS, VISITOR_ACCESS_LABEL } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import Close from '@mui/icons-material/Close';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { ApproverEditedAlert } from '@/components/ui/approver-edited-alert';
import { Facts } from '@/components/ui/facts';
import type { Fact } from '@/components/ui/facts';
import { notify } from '@/components/ui/notifications';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { failureMessage } from '@/lib/api-client';
import { assignedApproverText } from '@/lib/approvers';

import { useChangeOpenAccess } from '../api/open-access';

import { countryNames, formatDate, formatUtcDateTime } from './customer-format';
import { CustomerLogo } from './customer-logo';
import { CustomerStatusChip } from './customer-status-chip';
import { PendingChangeChip, PendingChangeSection } from './pending-change';

const TITLE_ID = 'view-customer-title';

type ViewCustomerDialogProps = {
  customer: CustomerView;
  onClose: () => void;
  /** Offered to an ADMIN while the customer (or a change to it) waits for a decision: "Reassign approver". */
  onReassign?: (customer: CustomerView) => void;
};

/**
 * View Customer modal (spec §2.4): Name, Contact Number, Email, Country, Website link, Approver, Approval Date,
 * Status and Logo; once decided, the electronic signature (who, when, meaning) and the reason. Mount it to open it.
 */
/**
 * Open access: an ADMIN chooses whether the customer's visitors need the emailed link (off, the spec's
 * behaviour) or may reach its documents without one, from a label's QR code or a permalink. It takes effect at once.
 */
const OpenAccessSwitch = ({ customer }: { customer: CustomerView }) => {
  const [state, setState] = useState({ openAccess: customer.openAccess, version: customer.version });
  const change = useChangeOpenAccess();
  const toggle = (openAccess: boolean) =>
    change.mutate(
      { id: customer.id, openAccess, version: state.version },
      {
        onSuccess: (response) => {
          setState({ openAccess: response.customer.openAccess, version: response.customer.version });
          notify('success', response.message);
        },
        onError: (error) => notify('error', failureMessage('Failed to change open access', error)),
      },
    );
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={state.openAccess} disabled={change.isPending} onChange={(_event, checked) => toggle(checked)} data-testid="open-access-switch" />}
        label="Open access"
      />
      <Typography variant="body2" color="textSecondary" id="open-access-help">
        {state.openAccess
          ? 'Visitors reach this customer’s documents without an emailed link: from a label’s QR code or a document’s permanent address.'
          : 'Visitors need a link sent to their email address (the portal’s default).'}
      </Typography>
    </Box>
  );
};

/** The customer's country exclusion list as the View Customer modal says it: which countries are excluded, or none. */
const excludedCountries = (list: string) => {
  const names = countryNames(list);
  return names ? `Excluded: ${names}` : 'None excluded';
};

export const ViewCustomerDialog = ({ customer, onClose, onReassign }: ViewCustomerDialogProps) => {
  const { decision } = customer;
  const website = customer.customerWebsiteLink;
  const facts: Fact[] = [
    { label: 'Name', value: customer.customerName, testId: 'view-customer-name' },
    { label: 'Contact Number', value: customer.contactInformation, testId: 'view-customer-contact' },
    { label: 'Email', value: customer.contactEmail, testId: 'view-customer-email' },
    // The spec's label; the list holds the countries excluded (countryExclusionList), which the value says.
    { label: 'Country', value: excludedCountries(customer.countryExclusionList), testId: 'view-customer-country' },
    {
      label: 'Website link',
      value: /^https?:\/\//i.test(website) ? (
        <Link href={website} target="_blank" rel="noopener noreferrer">
          {website}
        </Link>
      ) : (
        website
      ),
      testId: 'view-customer-website',
    },
    {
      label: 'Approver',
      value: customer.approver ? (
        <>
          {assignedApproverText(customer.approver.name, customer.delegatedFrom)}
          <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
            {customer.approver.email}
          </Typography>
        </>
      ) : (
        ''
      ),
      testId: 'view-customer-approver',
    },
    { label: 'Approval Date', value: formatDate(customer.approvedDate), testId: 'view-customer-approval-date' },
    {
      label: 'Status',
      value: (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75 }}>
          <CustomerStatusChip status={customer.status} />
          <PendingChangeChip customer={customer} />
        </Box>
      ),
      testId: 'view-customer-status',
    },
    { label: 'Logo', value: <CustomerLogo customer={customer} testId="view-customer-logo" />, testId: 'view-customer-logo-cell' },
    {
      label: 'Reading without an emailed link',
      value: VISITOR_ACCESS_LABEL[customer.visitorAccess ?? DEFAULT_VISITOR_ACCESS],
      testId: 'view-customer-visitor-access',
    },
    { label: 'Access', value: <OpenAccessSwitch customer={customer} />, testId: 'view-customer-open-access' },
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={TITLE_ID}
      slotProps={phoneDialogSlotProps}
      data-testid="view-customer-dialog"
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7 }}>
        View Customer
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      <DialogContent dividers>
        {customer.approverIsAuthor ? <ApproverEditedAlert mayReassign={customer.mayReassign === true} /> : null}
        {customer.pendingChange ? (
          <>
            <PendingChangeSection customer={customer} headingId="customer-pending-change-title" />
            <Divider sx={{ my: 2 }} />
          </>
        ) : null}
        <Facts items={facts} labelWidth={160} />
        {customer.changeRejection ? (
          <Box component="section" aria-labelledby="customer-change-rejection-title" data-testid="view-customer-change-rejection">
            <Divider sx={{ my: 2 }} />
            <Typography id="customer-change-rejection-title" variant="subtitle2" component="h3" sx={{ mb: 1.25, fontWeight: 700 }}>
              Last change rejected
            </Typography>
            <Facts
              labelWidth={160}
              items={[
                {
                  label: 'Fields',
                  value: customer.changeRejection.changed.map((field) => CUSTOMER_FIELD_LABEL[field]).join(', '),
                  testId: 'view-customer-rejected-fields',
                },
                {
                  label: 'Rejected by',
                  value: `${customer.changeRejection.signature.name} (${customer.changeRejection.signature.email}), ${formatUtcDateTime(customer.changeRejection.signature.signedAt)}`,
                  testId: 'view-customer-rejected-by',
                },
                { label: 'Reason', value: customer.changeRejection.reason, testId: 'view-customer-rejected-reason' },
              ]}
            />
          </Box>
        ) : null}
        {decision ? (
          <Box component="section" aria-labelledby="customer-decision-title" data-testid="view-customer-decision">
            <Divider sx={{ my: 2 }} />
            <Typography id="customer-decision-title" variant="subtitle2" component="h3" sx={{ mb: 1.25, fontWeight: 700 }}>
              Electronic signature
            </Typography>
            <Facts
              labelWidth={160}
              items={[
                {
                  label: 'Signed by',
                  value: `${decision.signature.name} (${decision.signature.email})`,
                  testId: 'view-customer-signer',
                },
                { label: 'Signed at', value: formatUtcDateTime(decision.signature.signedAt), testId: 'view-customer-signed-at' },
                {
                  label: 'Meaning',
                  value: SIGNATURE_MEANING_LABELS[decision.signature.meaning],
                  testId: 'view-customer-meaning',
                },
                { label: 'Reason', value: decision.reason ?? '', testId: 'view-customer-reason' },
              ]}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {customer.mayReassign && onReassign ? (
          <Button onClick={() => onReassign(customer)} startIcon={<SwapHoriz />} sx={{ mr: 'auto' }} data-testid="reassign-approver">
            {REASSIGN_MESSAGES.action}
          </Button>
        ) : null}
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
};
