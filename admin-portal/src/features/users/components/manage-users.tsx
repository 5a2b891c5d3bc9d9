import type { UserListItem } from '@ifu/contracts';
import Download from '@mui/icons-material/FileDownloadOutlined';
import PersonAdd from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useState } from 'react';

import { Page } from '@/components/ui/page';
import { useSpecGridState } from '@/components/ui/spec-data-grid';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useUsers } from '../api/get-users';

import { AuditReportDialog } from './audit-report-dialog';
import { DeactivateUserDialog } from './deactivate-user-dialog';
import { ReactivateUserDialog } from './reactivate-user-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';

const TABS = [
  { value: 'active', label: 'ACTIVE USERS' },
  { value: 'all', label: 'ALL USERS' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

type OpenDialog =
  | { name: 'none' }
  | { name: 'add' }
  | { name: 'edit'; user: UserListItem }
  | { name: 'deactivate'; user: UserListItem }
  | { name: 'reactivate'; user: UserListItem }
  | { name: 'reset-factor'; user: UserListItem }
  | { name: 'audit' };

/**
 * Manage User (spec §2.3): Users List with ACTIVE USERS and ALL USERS, add, edit, deactivate, audit reports; and a
 * deactivated user's signed reactivation.
 */
export const ManageUsers = () => {
  const session = useSession();
  const [tab, setTab] = useState<TabValue>('active');
  const [dialog, setDialog] = useState<OpenDialog>({ name: 'none' });

  const close = useCallback(() => setDialog({ name: 'none' }), []);
  const onEdit = useCallback((user: UserListItem) => setDialog({ name: 'edit', user }), []);
  const onDeactivate = useCallback((user: UserListItem) => setDialog({ name: 'deactivate', user }), []);
  const onReactivate = useCallback((user: UserListItem) => setDialog({ name: 'reactivate', user }), []);
  const onResetFactor = useCallback((user: UserListItem) => setDialog({ name: 'reset-factor', user }), []);

  return (
    <Page
      title="Users List"
      actions={
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<Download />} onClick={() => setDialog({ name: 'audit' })}>
            Download Audit Reports
          </Button>
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setDialog({ name: 'add' })}>
            ADD USER
          </Button>
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}>
          <Tabs value={tab} onChange={(_event, value: TabValue) => setTab(value)} aria-label="Users" variant="fullWidth" sx={{ maxWidth: 420 }}>
            {TABS.map(({ value, label }) => (
              <Tab key={value} value={value} label={label} />
            ))}
          </Tabs>
        </Box>
        <UsersList key={tab} tab={tab} currentUserId={session?.id} onEdit={onEdit} onDeactivate={onDeactivate} onReactivate={onReactivate} onResetFactor={onResetFactor} />
      </Paper>

      {dialog.name === 'add' ? <UserFormDialog onClose={close} /> : null}
      {dialog.name === 'edit' ? <UserFormDialog key={dialog.user.id} user={dialog.user} onClose={close} /> : null}
      {dialog.name === 'deactivate' ? <DeactivateUserDialog user={dialog.user} onClose={close} /> : null}
      {dialog.name === 'reactivate' ? <ReactivateUserDialog user={dialog.user} onClose={close} /> : null}
      {dialog.name === 'reset-factor' ? <ResetSecondFactorDialog user={dialog.user} onClose={close} /> : null}
      {dialog.name === 'audit' ? <AuditReportDialog onClose={close} /> : null}
    </Page>
  );
};

type UsersListProps = {
  tab: TabValue;
  currentUserId?: string;
  onEdit: (user: UserListItem) => void;
  onDeactivate: (user: UserListItem) => void;
  onReactivate: (user: UserListItem) => void;
  onResetFactor: (user: UserListItem) => void;
};

/** One tab's list: its own page, sort and search, asked of the server. */
const UsersList = ({ tab, currentUserId, onEdit, onDeactivate, onReactivate, onResetFactor }: UsersListProps) => {
  const state = useSpecGridState();
  const users = useUsers({ params: { ...state.params, ...(tab === 'active' ? { status: 'ACTIVE' } : {}) } });
  if (users.isError) {
    return (
      <RetryAlert sx={{ m: 2 }} onRetry={() => void users.refetch()}>
        {errorMessage(users.error)}
      </RetryAlert>
    );
  }
  return (
    <UsersTable
      rows={users.data?.userList ?? []}
      rowCount={users.data?.total ?? 0}
      state={state}
      allUsers={tab === 'all'}
      loading={users.isFetching}
      currentUserId={currentUserId}
      onEdit={onEdit}
      onDeactivate={onDeactivate}
      onReactivate={onReactivate}
      onResetFactor={onResetFactor}
    />
  );
};
