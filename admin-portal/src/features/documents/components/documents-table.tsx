import type { DocumentListItem } from '@ifu/contracts';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { SpecDataGrid, type SpecGridState, WrappedText } from '@/components/ui/spec-data-grid';
import { paths } from '@/config/paths';

import { AccessibilityChip, DocumentStatusChip } from './change-order-chips';
import { ReviewOverdueChip } from './periodic-review';
import { formatEffectiveDate } from './change-order-format';

/** The grid keys its rows by `id`: a change order's is its parentChangeId. */
type DocumentRow = DocumentListItem & { id: string };
type Column = GridColDef<DocumentRow>;

type DocumentsTableProps = {
  rows: readonly DocumentListItem[];
  /** Every change order of the tab, on all pages. */
  rowCount: number;
  /** The grid's page, sort and search (what the rows were asked for). */
  state: SpecGridState;
  loading: boolean;
  /** Approve is offered on a row the server says the caller may decide (`mayDecide`, its approver policy). */
  onApprove: (row: DocumentListItem) => void;
  /** Opens the document-detail modal (spec §2.7) of a change order: its Document ID is the button. */
  onDetails: (row: DocumentListItem) => void;
};

/** A text shown whole: on two lines when the column is narrower than it. */
const wrapped = ({ value }: GridRenderCellParams<DocumentRow, string>) => <WrappedText text={value} />;

/** The View action (spec §2.7): an eye that links to the document's page, named for screen readers. */
const ViewLink = ({ row }: { row: DocumentListItem }) => (
  <IconButton
    component={RouterLink}
    to={paths.app.documents.view.getHref(row.parentChangeId)}
    size="small"
    color="primary"
    aria-label={`View ${row.documentId}`}
    title="View"
  >
    <VisibilityOutlined fontSize="small" />
  </IconButton>
);

/** The Document ID opens the document-detail modal (spec §2.7). */
const DetailsButton = ({ row, onDetails }: { row: DocumentListItem; onDetails: (row: DocumentListItem) => void }) => (
  <Link
    component="button"
    type="button"
    onClick={() => onDetails(row)}
    aria-label={`Details of ${row.documentId}`}
    title="Document details"
    sx={{ fontWeight: 600, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
  >
    {row.documentId}
  </Link>
);

/**
 * The documents grid (spec §2.7): #, Document ID, Effective Date, Approver (first name), Customer, Type,
 * Accessibility, Status and Action (View, and Approve where the server says the caller may decide); paged, sorted and searched on the server. On a phone the facts share one
 * column so that the View action stays in view.
 */
export const DocumentsTable = ({ rows, rowCount, state, loading, onApprove, onDetails }: DocumentsTableProps) => {
  const { isPhone, pagination } = state;
  const gridRows = useMemo<DocumentRow[]>(() => rows.map((row) => ({ ...row, id: row.parentChangeId })), [rows]);

  const columns = useMemo<Column[]>(() => {
    const offset = pagination.page * pagination.pageSize;
    const action: Column = {
      field: 'action',
      headerName: 'Action',
      // Room for View and, where the caller may decide, Approve.
      width: isPhone ? 84 : 96,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Stack direction={isPhone ? 'column' : 'row'} spacing={0.5} sx={{ alignItems: 'center' }}>
          <ViewLink row={row} />
          {row.mayDecide ? (
            <IconButton size="small" aria-label={`Approve ${row.documentId}`} title="Approve" onClick={() => onApprove(row)}>
              <VpnKeyOutlined fontSize="small" color="warning" />
            </IconButton>
          ) : null}
        </Stack>
      ),
    };

    if (isPhone) {
      const document: Column = {
        field: 'documentId',
        headerName: 'Document',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 1 }}>
            <Typography variant="body2" noWrap component="div">
              <DetailsButton row={row} onDetails={onDetails} />
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p">
              {row.customerName} · {row.changeType}
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p" sx={{ mb: 0.5 }}>
              {formatEffectiveDate(row.effectiveDate)} · {row.approverFirstName}
            </Typography>
            <Stack direction="row" spacing={0.5}>
              <DocumentStatusChip status={row.status} />
              <AccessibilityChip isInternal={row.isInternal} />
              {row.reviewOverdue ? <ReviewOverdueChip /> : null}
            </Stack>
          </Box>
        ),
      };
      return [document, action];
    }

    return [
      {
        field: 'no',
        headerName: '#',
        width: 44,
        minWidth: 44,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        // The row's place in the list as sorted on the server, counted across pages.
        renderCell: ({ api, id }) => offset + api.getRowIndexRelativeToVisibleRows(id) + 1,
      },
      // At 1280 px the grid has about 980 px (the side menu takes 248): the fixed columns take what their content needs,
      // the texts share the rest and wrap onto a second line rather than being cut.
      {
        field: 'documentId',
        headerName: 'Document ID',
        // The id is a button (the detail modal) in bold: room for a whole CO-2026-00042.
        width: 156,
        renderCell: ({ row }) => <DetailsButton row={row} onDetails={onDetails} />,
      },
      {
        field: 'effectiveDate',
        headerName: 'Effective Date',
        width: 104,
        valueFormatter: (value: string) => formatEffectiveDate(value),
      },
      { field: 'approverFirstName', headerName: 'Approver', sortable: false, flex: 0.5, minWidth: 92, renderCell: wrapped },
      { field: 'customerName', headerName: 'Customer', sortable: false, flex: 1.2, minWidth: 124, renderCell: wrapped },
      { field: 'changeType', headerName: 'Type', flex: 1, minWidth: 116, renderCell: wrapped },
      {
        field: 'isInternal',
        headerName: 'Accessibility',
        width: 124,
        renderCell: ({ row }) => <AccessibilityChip isInternal={row.isInternal} />,
      },
      {
        field: 'status',
        headerName: 'Status',
        // 'Approval Pending' whole; an approved one past its periodic review date says so under it.
        width: 154,
        renderCell: ({ row }) =>
          row.reviewOverdue ? (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start', py: 0.75 }}>
              <DocumentStatusChip status={row.status} />
              <ReviewOverdueChip />
            </Stack>
          ) : (
            <DocumentStatusChip status={row.status} />
          ),
      },
      action,
    ];
  }, [isPhone, pagination, onApprove, onDetails]);

  return (
    <SpecDataGrid
      testId="documents-grid"
      rows={gridRows}
      rowCount={rowCount}
      columns={columns}
      loading={loading}
      rowHeight={isPhone ? 108 : 52}
      compact={isPhone}
      state={state}
      noRowsLabel="No documents"
      searchLabel="Search documents"
      autoRowHeight
    />
  );
};
