import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { paths } from '@/config/paths';
import { TIMINGS } from '@/config/timings';
import { useTimers } from '@/hooks/use-timers';
import { errorMessage } from '@/lib/api-client';

import { useSetPassword } from '../api/set-password';

const SetPasswordValues = z
  .object({
    password: z.string().min(1, PASSWORD_MESSAGES.enterNewPassword).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.enterConfirmPassword),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });
type SetPasswordValues = z.infer<typeof SetPasswordValues>;

type Message = { severity: 'success' | 'error'; text: string };

/**
 * Reset Password with the token of the emailed link (spec §2.1, §4, §5, §9): 'Password Mismatch' while typing
 * the confirmation; on success the server's message, then /login after 4 s; errors vanish after 6 s.
 */
export const SetPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const timers = useTimers();
  const [message, setMessage] = useState<Message | null>(null);
  const setPassword = useSetPassword();
  const { control, handleSubmit } = useForm<SetPasswordValues>({
    resolver: zodResolver(SetPasswordValues),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const liveMismatch = confirmPassword !== '' && confirmPassword !== password ? PASSWORD_MESSAGES.mismatch : undefined;
  const done = setPassword.isSuccess;

  const show = (next: Message, vanishAfterMs: number) => {
    timers.clearAll();
    setMessage(next);
    timers.after(vanishAfterMs, () => setMessage(null));
  };

  const onSubmit = handleSubmit((form) => {
    timers.clearAll();
    setMessage(null);
    setPassword.mutate(
      { data: { token, password: form.password } },
      {
        onSuccess: (response) => {
          show({ severity: 'success', text: response.message }, TIMINGS.setPasswordClearAllMs);
          timers.after(TIMINGS.setPasswordRedirectMs, () => navigate(paths.auth.login.getHref(), { replace: true }));
        },
        onError: (error) => show({ severity: 'error', text: errorMessage(error) }, TIMINGS.setPasswordErrorMs),
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="set-password-form">
      <RhfInputField
        control={control}
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
        disabled={done}
        helperText={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
      />
      <RhfInputField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        disabled={done}
        errorText={liveMismatch}
      />
      {message ? (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          data-testid="set-password-message"
        >
          {message.text}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={setPassword.isPending || done}>
        {setPassword.isPending ? 'Submitting...' : 'Submit'}
      </Button>
    </Stack>
  );
};
