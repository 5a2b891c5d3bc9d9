import { TRAINING_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';

import { useSession } from '@/lib/app-state';

/**
 * 21 CFR 11.10(i): the logged-in user's training is not recorded as completed, so the server refuses every
 * signature they give. The server is the rule; the screens say so before the user types their password.
 */
export const useSigningBlocked = (): boolean => useSession()?.isTrainingCompleted === false;

/** Why a signature offered here will be refused: shown wherever a signing form is, to an untrained user only. */
export const TrainingNotice = ({ testId = 'training-notice' }: { testId?: string }) =>
  useSigningBlocked() ? (
    <Alert severity="warning" data-testid={testId}>
      {TRAINING_MESSAGES.notCompleted}
    </Alert>
  ) : null;
