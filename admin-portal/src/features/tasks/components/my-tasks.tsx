import { type MyTask, TASK_MESSAGES, type TaskKind } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { failureMessage } from '@/lib/api-client';

import { useMyTasks } from '../api/get-my-tasks';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment shown dd/MM/yyyy (spec §9), in the viewer's time zone. */
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

/** A calendar day (`YYYY-MM-DD`, as the server keeps due dates) shown dd/MM/yyyy. */
const formatCalendarDay = (day: string) => day.split('-').reverse().join('/');

/** The kinds' badges: what waits for a signature stands out; information is quieter. */
const CHIP_COLOR: Record<TaskKind, ChipProps['color']> = {
  'approve-change-order': 'primary',
  'approve-customer': 'primary',
  'approve-customer-change': 'primary',
  'revise-change-order': 'warning',
  'change-order-approved': 'success',
  'periodic-review': 'info',
  'dispatch-paper-copy': 'default',
  'review-audit-trail': 'default',
};

/** What the date under a task says. */
const sinceText = (task: MyTask) => {
  switch (task.kind) {
    case 'change-order-approved':
      return `Approved on ${formatDay(task.since)}`;
    case 'revise-change-order':
      return `Since ${formatDay(task.since)}`;
    case 'review-audit-trail':
      return `Not reviewed from ${formatDay(task.since)} to yesterday`;
    case 'dispatch-paper-copy':
      return `Requested on ${formatDay(task.since)}`;
    default:
      return `Waiting since ${formatDay(task.since)}`;
  }
};

const TaskItem = ({ task }: { task: MyTask }) => (
  <Box
    component="li"
    data-testid="task"
    data-kind={task.kind}
    sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.75, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}
  >
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip size="small" color={CHIP_COLOR[task.kind]} label={task.label} />
      {task.overdue ? <Chip size="small" color="error" label="Overdue" /> : null}
    </Box>
    <Link component={RouterLink} to={task.link} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {task.recordNumber}
      <Typography component="span" color="textPrimary" sx={{ fontWeight: 400 }}>
        {' · '}
        {task.title}
      </Typography>
    </Link>
    {task.detail ? (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {task.kind === 'revise-change-order' ? `Reason: ${task.detail}` : task.detail}
      </Typography>
    ) : null}
    <Typography variant="body2" color="textSecondary">
      {sinceText(task)}
      {task.dueDate ? ` · Due ${formatCalendarDay(task.dueDate)}` : ''}
    </Typography>
    {task.blockedReason ? (
      <Alert severity="info" sx={{ py: 0 }}>
        {task.blockedReason}
      </Alert>
    ) : null}
  </Box>
);

/**
 * My tasks: what waits for the signed-in staff member, the newest first, each linking to its record (the change
 * order's view, Manage Customer, Paper Copies, Audit Trail Review). One list at every width: each task is a few
 * short lines, so a phone shows it whole.
 */
export const MyTasks = () => {
  const tasks = useMyTasks();
  const list = tasks.data?.tasks ?? [];
  const count = tasks.data?.count ?? 0;

  return (
    <Page title={TASK_MESSAGES.title}>
      <Typography role="status" sx={{ mt: -2, mb: 2 }} data-testid="tasks-summary">
        {tasks.isSuccess ? (count === 0 ? TASK_MESSAGES.empty : `${count} ${count === 1 ? 'task is' : 'tasks are'} waiting for you.`) : ''}
        {tasks.isSuccess && count > list.length ? ` The newest ${list.length} are listed.` : ''}
      </Typography>
      {tasks.isError ? (
        <RetryAlert onRetry={() => void tasks.refetch()}>{failureMessage('Failed to load your tasks', tasks.error)}</RetryAlert>
      ) : tasks.isPending ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label="Loading your tasks">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={56} />
          ))}
        </Paper>
      ) : list.length > 0 ? (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box component="ul" aria-label={TASK_MESSAGES.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((task) => (
              <TaskItem key={task.id} task={task} />
            ))}
          </Box>
        </Paper>
      ) : null}
    </Page>
  );
};
