import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { parseISO } from 'date-fns';
import type { ReactNode } from 'react';

import { useApprovedCustomers } from '@/lib/api/approved-customers';
import { useApprovers } from '@/lib/api/get-approvers';

import { IFU_NUMBER } from './change-order-format';
import type { ChildStepValues, StartStepValues } from './document-form-values';
import { accessibilityLabel, countryNames, displayDate, languageNames } from './document-format';

type Row = [label: string, value: ReactNode];

/** A read-only list of labelled values: two columns on wide screens, one on a phone. */
const Details = ({ rows, testId }: { rows: readonly Row[]; testId?: string }) => (
  <Box
    component="dl"
    data-testid={testId}
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, max-content) minmax(0, 1fr)' },
      columnGap: 2,
      rowGap: { xs: 0.25, sm: 1 },
    }}
  >
    {rows.map(([label, value]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="textSecondary" sx={{ pt: { xs: 1, sm: 0 } }}>
          {label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {value === '' || value === null || value === undefined ? '—' : value}
        </Typography>
      </Box>
    ))}
  </Box>
);

type PreviewSummaryProps = {
  parent: StartStepValues;
  documents: readonly ChildStepValues[];
  /** The child the Preview is about (the last one unless editing a saved one). */
  currentIndex: number;
  /** A revision: the names of the files it keeps of the rejected change order (a child's when it keeps one). */
  kept?: { files: string[]; logo: string; children: (string | undefined)[] };
};

/** The Preview step's read-only summary (spec §2.9): the parent, its files, and every child to be submitted. */
export const PreviewSummary = ({ parent, documents, currentIndex, kept }: PreviewSummaryProps) => {
  const customers = useApprovedCustomers();
  const approvers = useApprovers();
  const customer = customers.data?.find((c) => c.id === parent.customerId)?.customerName ?? parent.customerId;
  const approver = approvers.data?.approverList.find((a) => a.id === parent.approverId);
  const approverName = approver ? `${approver.firstName} ${approver.lastName} (${approver.email})` : parent.approverId;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="preview-summary">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Document
      </Typography>
      <Details
        testId="preview-parent"
        rows={[
          ['Product Name', parent.productFamilyName],
          ['Accessibility', accessibilityLabel(parent.isInternal)],
          ['Change Type', parent.changeType],
          ['Customer', customer],
          ['Approver', approverName],
          ['Effective Date', displayDate(parseISO(parent.effectiveDate))],
          ['Description of Change', parent.changeDescription],
          ['Justification of Change', parent.changeJustification],
          ...(parent.productFamilyDescription.trim() ? [['Product Description', parent.productFamilyDescription] as [string, string]] : []),
          ...(parent.basicUdiDi ? [['Basic UDI-DI', parent.basicUdiDi] as [string, string]] : []),
          ['Safety revision', parent.safetyRevision ? 'Yes: readers of the versions it replaces are mailed when it takes effect' : 'No'],
          ['Files', [...(kept?.files ?? []), ...parent.parentDocuments.map((file) => file.name)].join(', ')],
          ['Document Logo', parent.parentLogo?.name ?? kept?.logo ?? ''],
        ]}
      />
      {documents.map((child, index) => (
        <Box key={`${child.associatedReferenceNumber}-${index}`} component="section" aria-label={`Child document ${index + 1}`}>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
            Child document {index + 1}
            {index === currentIndex ? ' (this one)' : ''}
          </Typography>
          <Details
            testId="preview-child"
            rows={[
              [IFU_NUMBER, child.associatedReferenceNumber],
              ['Part Number', child.productSubFamilyNameOne],
              ['Bill of Material', child.billMaterialInformation],
              ['Country', countryNames(child.countryList)],
              ['Language', languageNames(child.languageList)],
              ['Keywords', child.keywords],
              ['Description of Change', child.changeDescription],
              ['Justification of Change', child.changeJustification],
              ...(child.gtin ? [['GTIN', child.gtin] as [string, string]] : []),
              ...(child.additionalLots ? [['Further lots', child.additionalLots] as [string, string]] : []),
              ...(child.serialRanges ? [['Serial numbers', child.serialRanges] as [string, string]] : []),
              ['File', child.file?.name ?? kept?.children[index] ?? ''],
            ]}
          />
        </Box>
      ))}
    </Paper>
  );
};
