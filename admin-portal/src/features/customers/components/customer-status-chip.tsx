import { customerStatusLabel } from '@ifu/contracts';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

const COLOR: Record<string, ChipProps['color']> = {
  REQUIRE_APPROVAL: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
};

/** The status badge of spec §4: 'Approval Pending', 'Approved', 'Rejected', otherwise 'Not Listed'. */
export const CustomerStatusChip = ({ status }: { status: string }) => (
  <Chip
    size="small"
    label={customerStatusLabel(status)}
    color={COLOR[status] ?? 'default'}
    variant={status in COLOR ? 'filled' : 'outlined'}
    data-testid="customer-status"
    data-status={status}
  />
);
