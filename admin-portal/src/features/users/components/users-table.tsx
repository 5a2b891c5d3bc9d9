import type { UserListItem } from '@ifu/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { SpecDataGrid, type SpecGridState, WrappedText } from '@/components/ui/spec-data-grid';

import { fullName, pendingChipLabel, pendingText, trainingRecordText } from './user-form-values';

type UsersTableProps = {
  rows: readonly UserListItem[];
  /** Every user the list holds, on all pages. */
  rowCount: number;
  /** The grid's page, sort and search (what the rows were asked for). */
  state: SpecGridState;
  /** ALL USERS adds the STATUS and ACTION columns (spec §2.3: the action column is for admins in the all-users tab). */
  allUsers: boolean;
  loading: boolean;
  /** The logged-in user, who is not offered their own deactivation. */
  currentUserId?: string;
  onEdit: (user: UserListItem) => void;
  onDeactivate: (user: UserListItem) => void;
  /** An inactive user's signed reactivation. */
  onReactivate: (user: UserListItem) => void;
  /** Another user's signed second-factor reset. */
  onResetFactor: (user: UserListItem) => void;
};

type Column = GridColDef<UserListItem>;

const statusColumn = (width: number): Column => ({
  field: 'status',
  headerName: 'STATUS',
  width,
  renderCell: ({ row }) => (
    <Chip
      size="small"
      label={row.status}
      color={row.status === 'ACTIVE' ? 'success' : 'default'}
      variant={row.status === 'ACTIVE' ? 'filled' : 'outlined'}
      data-testid="user-status"
    />
  ),
});

/**
 * A change of email or name waiting for the user's acceptance: the list says so, since the row still shows
 * the current values until the user accepts.
 */
const PendingChip = ({ user }: { user: UserListItem }) =>
  user.pendingIdentityChange ? (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label={pendingChipLabel(user.pendingIdentityChange)}
      title={`Waiting for the user to accept: ${pendingText(user.pendingIdentityChange)}`}
      sx={{ maxWidth: '100%', minWidth: 0, height: 20, fontSize: 12, '& .MuiChip-label': { px: 0.75 } }}
      data-testid="user-pending-change"
    />
  ) : null;

/** A user whose training is not recorded as completed: they cannot sign until an ADMIN records it. */
const TrainingChip = ({ user }: { user: UserListItem }) =>
  user.isTrainingCompleted ? null : (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label="Training not completed: cannot sign"
      title={trainingRecordText(user)}
      sx={{ maxWidth: '100%', minWidth: 0, height: 20, fontSize: 12, '& .MuiChip-label': { px: 0.75 } }}
      data-testid="user-training-chip"
    />
  );

/** Whether the user has a second factor: a small '2FA' beside the role when they do. */
const FactorChip = ({ user }: { user: UserListItem }) =>
  user.secondFactorEnrolled ? (
    <Chip
      size="small"
      variant="outlined"
      color="primary"
      label="2FA"
      title="Second factor set up"
      sx={{ height: 20, fontSize: 12, '& .MuiChip-label': { px: 0.75 } }}
      data-testid="user-second-factor"
    />
  ) : null;

const RoleAndFactor = ({ user }: { user: UserListItem }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, height: '100%' }}>
    <span>{user.role}</span>
    <FactorChip user={user} />
  </Box>
);

/**
 * Users List grid: NO., FIRST NAME, LAST NAME, EMAIL, ROLE, and on ALL USERS also STATUS and ACTION; paged, sorted and
 * searched on the server. On a phone the names, email and role share one column so that STATUS and ACTION stay in view.
 */
export const UsersTable = ({ rows, rowCount, state, allUsers, loading, currentUserId, onEdit, onDeactivate, onReactivate, onResetFactor }: UsersTableProps) => {
  const { isPhone, pagination } = state;

  const columns = useMemo<Column[]>(() => {
    const offset = pagination.page * pagination.pageSize;
    const actions: Column = {
      field: 'actions',
      type: 'actions',
      headerName: 'ACTION',
      // Room for three actions (edit, reset the second factor, deactivate).
      width: isPhone ? 120 : 136,
      align: 'left',
      headerAlign: 'left',
      getActions: ({ row }) => {
        const name = fullName(row);
        const items = [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${name}`} onClick={() => onEdit(row)} />,
        ];
        if (row.status === 'INACTIVE') {
          items.push(
            <GridActionsCellItem
              key="reactivate"
              icon={<HowToRegOutlined color="success" />}
              label={`Reactivate ${name}`}
              onClick={() => onReactivate(row)}
            />,
          );
        }
        if (row.secondFactorEnrolled && row.id !== currentUserId) {
          items.push(
            <GridActionsCellItem
              key="reset-factor"
              icon={<PhonelinkErase />}
              label={`Reset second factor of ${name}`}
              onClick={() => onResetFactor(row)}
            />,
          );
        }
        if (row.status === 'ACTIVE' && row.id !== currentUserId) {
          items.push(
            <GridActionsCellItem
              key="deactivate"
              icon={<DeleteOutline color="error" />}
              label={`Deactivate ${name}`}
              onClick={() => onDeactivate(row)}
            />,
          );
        }
        return items;
      },
    };

    if (isPhone) {
      const user: Column = {
        field: 'email',
        headerName: 'USER',
        flex: 1,
        minWidth: 120,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, width: '100%', lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {fullName(row)}
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p">
              {row.email}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, overflow: 'hidden' }}>
              <Typography variant="caption" color="textSecondary" component="p" sx={{ flexShrink: 0 }}>
                {row.role}
              </Typography>
              <FactorChip user={row} />
              <PendingChip user={row} />
              <TrainingChip user={row} />
            </Box>
          </Box>
        ),
      };
      return allUsers ? [user, statusColumn(96), actions] : [user];
    }

    const desktop: Column[] = [
      {
        field: 'no',
        headerName: 'NO.',
        width: 56,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        // The row's place in the list as sorted on the server, counted across pages.
        renderCell: ({ api, id }) => offset + api.getRowIndexRelativeToVisibleRows(id) + 1,
      },
      // At 1280 px the grid has about 980 px: the email gets the most room, and a text longer than its column wraps
      // onto a second line rather than being cut.
      { field: 'firstName', headerName: 'FIRST NAME', flex: 0.7, minWidth: 110, renderCell: ({ value }) => <WrappedText text={value as string} /> },
      { field: 'lastName', headerName: 'LAST NAME', flex: 0.7, minWidth: 110, renderCell: ({ value }) => <WrappedText text={value as string} /> },
      {
        field: 'email',
        headerName: 'EMAIL',
        flex: 2,
        minWidth: 280,
        renderCell: ({ row }) =>
          row.pendingIdentityChange || !row.isTrainingCompleted ? (
            <Box sx={{ minWidth: 0, width: '100%', lineHeight: 1.3, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'flex-start', height: '100%', gap: 0.25 }}>
              <WrappedText text={row.email} />
              <PendingChip user={row} />
              <TrainingChip user={row} />
            </Box>
          ) : (
            <WrappedText text={row.email} />
          ),
      },
      { field: 'role', headerName: 'ROLE', width: 120, renderCell: ({ row }) => <RoleAndFactor user={row} /> },
    ];
    if (allUsers) desktop.push(statusColumn(112), actions);
    return desktop;
  }, [isPhone, allUsers, currentUserId, onEdit, onDeactivate, onReactivate, onResetFactor, pagination]);

  return (
    <SpecDataGrid
      testId="users-grid"
      rows={rows}
      rowCount={rowCount}
      columns={columns}
      loading={loading}
      rowHeight={isPhone ? 72 : 52}
      compact={isPhone}
      state={state}
      noRowsLabel="No users"
      searchLabel="Search users"
      autoRowHeight
    />
  );
};
