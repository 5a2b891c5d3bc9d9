import { MAIL_PREFERENCE_MESSAGES, TASK_MAIL_PREFERENCES, TASK_MAIL_PREFERENCE_LABELS, type TaskMailPreference } from '@ifu/contracts';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';

import { notify } from '@/components/ui/notifications/notifications-store';
import { failureMessage } from '@/lib/api-client';

import { useSaveMailPreference } from '../api/mail-preference';

/** What each choice means, under its label. */
const EXPLAINED: Readonly<Record<TaskMailPreference, string>> = {
  each: 'A mail as soon as something waits for your signature, is decided, or is due for a reminder.',
  'daily-digest': 'The same mails held and sent together as one mail, once a day.',
};

/**
 * Mail preference (an addition to the spec's screens): how the mails about the user's own tasks reach them. `current`
 * is the choice the server has (GET /user/me).
 */
export const MailPreferenceForm = ({ current }: { current: TaskMailPreference }) => {
  const [choice, setChoice] = useState<TaskMailPreference>(current);
  const save = useSaveMailPreference();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { taskMail: choice },
      {
        onSuccess: (response) => notify('success', response.message),
        onError: (error) => notify('error', failureMessage(MAIL_PREFERENCE_MESSAGES.failed, error)),
      },
    );
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <FormControl>
        <FormLabel id="task-mail-label">Mails about your tasks</FormLabel>
        <RadioGroup aria-labelledby="task-mail-label" name="taskMail" value={choice} onChange={(_event, value) => setChoice(value as TaskMailPreference)}>
          {TASK_MAIL_PREFERENCES.map((value) => (
            <Stack key={value} sx={{ mt: 1 }}>
              <FormControlLabel
                value={value}
                control={<Radio slotProps={{ input: { 'aria-describedby': `task-mail-${value}-help` } }} />}
                label={TASK_MAIL_PREFERENCE_LABELS[value]}
              />
              <FormHelperText id={`task-mail-${value}-help`} sx={{ mt: -0.5, ml: 4 }}>
                {EXPLAINED[value]}
              </FormHelperText>
            </Stack>
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={save.isPending || choice === current}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Stack>
  );
};
