import type { CustomerView } from '@ifu/contracts';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { SpecDataGrid, type SpecGridState, WrappedText } from '@/components/ui/spec-data-grid';

import { countryNames } from './customer-format';
import { CustomerStatusChip } from './customer-status-chip';
import { PendingChangeChip } from './pending-change';

type Column = GridColDef<CustomerView>;

export type CustomerActions = {
  onView: (customer: CustomerView) => void;
  onEdit: (customer: CustomerView) => void;
  onApprove: (customer: CustomerView) => void;
  onCopyUrl: (customer: CustomerView) => void;
};

type CustomersTableProps = CustomerActions & {
  rows: readonly CustomerView[];
  /** Every customer the list holds, on all pages. */
  rowCount: number;
  /** The grid's page, sort and search (what the rows were asked for). */
  state: SpecGridState;
  loading: boolean;
  isAdmin: boolean;
};

/**
 * Customer grid: No, Name, E-Mail, Country, Status, ACTION (view, edit, approve, copy search URL); paged, sorted and
 * searched on the server. On a phone name, email and status share one column so that ACTION stays in view.
 */
export const CustomersTable = ({ rows, rowCount, state, loading, isAdmin, onView, onEdit, onApprove, onCopyUrl }: CustomersTableProps) => {
  const { isPhone, pagination } = state;

  const columns = useMemo<Column[]>(() => {
    const offset = pagination.page * pagination.pageSize;
    const actions: Column = {
      field: 'actions',
      type: 'actions',
      headerName: 'ACTION',
      // Room for three icons: view, edit, and approve or copy.
      width: isPhone ? 128 : 136,
      align: 'left',
      headerAlign: 'left',
      getActions: ({ row }) => {
        const name = row.customerName;
        const items = [
          <GridActionsCellItem key="view" icon={<VisibilityOutlined />} label={`View ${name}`} onClick={() => onView(row)} />,
        ];
        if (isAdmin) {
          items.push(
            <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${name}`} onClick={() => onEdit(row)} />,
          );
        }
        // The server says whether this viewer may decide (the customer decider's rule).
        if (row.canDecide) {
          items.push(
            <GridActionsCellItem
              key="approve"
              icon={<VpnKeyOutlined color="warning" />}
              label={`Approve ${name}`}
              onClick={() => onApprove(row)}
            />,
          );
        }
        if (row.status === 'APPROVED' && row.searchUrl) {
          items.push(
            <GridActionsCellItem
              key="copy"
              icon={<DescriptionOutlined color="primary" />}
              label={`Copy search URL of ${name}`}
              title="Copy search URL"
              data-url={row.searchUrl}
              onClick={() => onCopyUrl(row)}
            />,
          );
        }
        return items;
      },
    };

    if (isPhone) {
      const customer: Column = {
        field: 'customerName',
        headerName: 'CUSTOMER',
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 1 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.customerName}
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p" sx={{ mb: 0.5 }}>
              {row.contactEmail}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              <CustomerStatusChip status={row.status} />
              <PendingChangeChip customer={row} />
            </Box>
          </Box>
        ),
      };
      return [customer, actions];
    }

    return [
      {
        field: 'no',
        headerName: 'No',
        width: 56,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        // The row's place in the list as sorted on the server, counted across pages.
        renderCell: ({ api, id }) => offset + api.getRowIndexRelativeToVisibleRows(id) + 1,
      },
      // At 1280 px the grid has about 980 px: the email gets the most room, and a text longer than its column wraps
      // onto a second line rather than being cut.
      { field: 'customerName', headerName: 'Name', flex: 1, minWidth: 140, renderCell: ({ value }) => <WrappedText text={value as string} /> },
      { field: 'contactEmail', headerName: 'E-Mail', flex: 1.6, minWidth: 260, renderCell: ({ value }) => <WrappedText text={value as string} /> },
      {
        field: 'countryExclusionList',
        headerName: 'Country',
        // The spec's column name; what it lists are the countries excluded (countryExclusionList).
        description: 'Excluded countries (the customer’s country exclusion list)',
        sortable: false,
        flex: 1,
        minWidth: 130,
        valueGetter: (value: string) => countryNames(value),
        renderCell: ({ value }) => (
          <Box component="span" title={value as string} sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {value as string}
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: 'Status',
        // Room for 'Approved' and, while a change waits for the approver, 'Change pending'.
        width: 210,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
            <CustomerStatusChip status={row.status} />
            <PendingChangeChip customer={row} />
          </Box>
        ),
      },
      actions,
    ];
  }, [isPhone, isAdmin, onView, onEdit, onApprove, onCopyUrl, pagination]);

  return (
    <SpecDataGrid
      testId="customers-grid"
      rows={rows}
      rowCount={rowCount}
      columns={columns}
      loading={loading}
      rowHeight={isPhone ? 88 : 52}
      compact={isPhone}
      state={state}
      noRowsLabel="No customers"
      searchLabel="Search customers"
      autoRowHeight
    />
  );
};
