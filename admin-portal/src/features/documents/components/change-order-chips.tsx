import { DOCUMENT_STATUS_LABEL } from '@ifu/contracts';
import type { DocumentStatus } from '@ifu/contracts';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

import { accessibilityLabel } from './change-order-format';

const STATUS_COLOR: Record<DocumentStatus, ChipProps['color']> = {
  REQUIRE_APPROVAL: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
};

/** The status badge of spec §4: 'Approval Pending', 'Approved' or 'Rejected'. */
export const DocumentStatusChip = ({ status }: { status: DocumentStatus }) => (
  <Chip
    size="small"
    label={DOCUMENT_STATUS_LABEL[status]}
    color={STATUS_COLOR[status]}
    data-testid="document-status"
    data-status={status}
  />
);

/** The accessibility badge of spec §2.7: Online (isInternal false) or Offline (isInternal true). */
export const AccessibilityChip = ({ isInternal }: { isInternal: boolean }) => (
  <Chip
    size="small"
    variant="outlined"
    label={accessibilityLabel(isInternal)}
    color={isInternal ? 'default' : 'primary'}
    data-testid="document-accessibility"
  />
);
