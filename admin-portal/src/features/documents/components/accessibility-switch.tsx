import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';

import { notify } from '@/components/ui/notifications';
import { failureMessage } from '@/lib/api-client';

import { useUpdateIsInternal } from '../api/update-is-internal';

import { AccessibilityChip } from './change-order-chips';

/**
 * An ADMIN's Online/Offline switch on a decided change order (spec §4): it updates at once and the page reloads.
 */
export const AccessibilitySwitch = ({ parentChangeId, isInternal }: { parentChangeId: string; isInternal: boolean }) => {
  const update = useUpdateIsInternal({
    mutationConfig: {
      onSuccess: () => window.location.reload(),
      onError: (error) => notify('error', failureMessage(DOCUMENT_MESSAGES.editFailed, error)),
    },
  });
  const online = update.isPending ? update.variables.isInternal === false : !isInternal;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <AccessibilityChip isInternal={!online} />
      <Switch
        checked={online}
        disabled={update.isPending}
        onChange={(_event, checked) => update.mutate({ parentDocumentChangeId: parentChangeId, isInternal: !checked })}
        slotProps={{ input: { 'aria-label': 'Online' } }}
        data-testid="accessibility-switch"
      />
    </Stack>
  );
};
