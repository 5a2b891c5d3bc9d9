import type { Notification } from '@ifu/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { SpecDataGrid, type SpecGridState } from '@/components/ui/spec-data-grid';

import { customerLabel, productLabel } from './notification-form-values';

type Column = GridColDef<Notification>;

export type NotificationActions = {
  onEdit: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
};

type NotificationsTableProps = NotificationActions & {
  rows: readonly Notification[];
  /** Every notice the search matches, on all pages. */
  rowCount: number;
  /** The grid's page, sort and search. */
  state: SpecGridState;
  loading: boolean;
  /** A notice chosen for editing, opening in a moment: the actions wait. */
  opening: boolean;
};

/** A cell's text on one line, whole in its tooltip. */
const Ellipsis = ({ text }: { text: string }) => (
  <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
    {text}
  </Box>
);

/**
 * Notification List grid (spec §2.5): ID, Notification, Customer and Product ('All' when the notice names none),
 * ACTION (edit, delete). On a phone the notice, its id and its targets share one column so that ACTION stays in view.
 */
export const NotificationsTable = ({ rows, rowCount, state, loading, opening, onEdit, onDelete }: NotificationsTableProps) => {
  const { isPhone } = state;

  const columns = useMemo<Column[]>(() => {
    const actions: Column = {
      field: 'actions',
      type: 'actions',
      headerName: 'ACTION',
      width: isPhone ? 88 : 100,
      align: 'left',
      headerAlign: 'left',
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="edit"
          icon={<EditOutlined />}
          label={`Edit notification ${row.id}`}
          disabled={opening}
          onClick={() => onEdit(row)}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutline color={opening ? 'disabled' : 'error'} />}
          label={`Delete notification ${row.id}`}
          disabled={opening}
          onClick={() => onDelete(row)}
        />,
      ],
    };

    if (isPhone) {
      const notice: Column = {
        field: 'notificationText',
        headerName: 'NOTIFICATION',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 1 }}>
            <Typography variant="caption" color="textSecondary" component="p">
              ID {row.id}
            </Typography>
            {/* Two lines of the notice: on a phone it is most of what the row is for. */}
            <Typography
              variant="body2"
              title={row.notificationText}
              sx={{ fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {row.notificationText}
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p" data-testid="notification-targets">
              {customerLabel(row)} · {productLabel(row)}
            </Typography>
          </Box>
        ),
      };
      return [notice, actions];
    }

    return [
      { field: 'id', headerName: 'ID', type: 'number', width: 80, align: 'left', headerAlign: 'left' },
      {
        field: 'notificationText',
        headerName: 'Notification',
        flex: 2,
        minWidth: 220,
        renderCell: ({ row }) => <Ellipsis text={row.notificationText} />,
      },
      {
        field: 'customerName',
        headerName: 'Customer',
        flex: 1,
        minWidth: 150,
        valueGetter: (_value, row) => customerLabel(row),
        renderCell: ({ value }) => <Ellipsis text={value as string} />,
      },
      {
        field: 'productName',
        headerName: 'Product',
        flex: 1,
        minWidth: 150,
        valueGetter: (_value, row) => productLabel(row),
        renderCell: ({ value }) => <Ellipsis text={value as string} />,
      },
      actions,
    ];
  }, [isPhone, opening, onEdit, onDelete]);

  return (
    <SpecDataGrid
      testId="notifications-grid"
      rows={rows}
      rowCount={rowCount}
      columns={columns}
      loading={loading}
      rowHeight={isPhone ? 100 : 52}
      compact={isPhone}
      state={state}
      noRowsLabel="No notifications"
      searchLabel="Search notifications"
    />
  );
};
