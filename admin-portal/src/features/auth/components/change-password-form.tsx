import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { TIMINGS } from '@/config/timings';
import { useTimers } from '@/hooks/use-timers';
import { errorMessage, fieldErrors } from '@/lib/api-client';

import { useChangePassword } from '../api/change-password';

/** Spec §5, Change password. `sessionEmail` is the logged-in user's: the email typed must be it. */
export const changePasswordValues = (sessionEmail: string) =>
  z
    .object({
      email: z
        .string()
        .trim()
        .min(1, PASSWORD_MESSAGES.enterUserName)
        .refine((email) => email.toLowerCase() === sessionEmail.trim().toLowerCase(), PASSWORD_MESSAGES.userNameWrong),
      oldPassword: z.string().min(1, PASSWORD_MESSAGES.enterOldPassword),
      newPassword: z.string().min(1, PASSWORD_MESSAGES.enterNewPassword).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
      confirmPassword: z.string(),
    })
    .refine((form) => form.confirmPassword === form.newPassword, {
      path: ['confirmPassword'],
      message: PASSWORD_MESSAGES.didNotMatch,
    });
type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordValues>>;

const EMPTY: ChangePasswordValues = { email: '', oldPassword: '', newPassword: '', confirmPassword: '' };

type Message = { severity: 'success' | 'error'; text: string };

/**
 * Change Password (spec §2.6): Email, Current Password, New Password, Confirm New Password. Errors stay 7 s. The Email
 * is the signed-in user's, filled in (the spec's 'UserName is Wrong' still applies if it is changed); every rule the
 * new password breaks is said next to it at once.
 */
export const ChangePasswordForm = ({ sessionEmail }: { sessionEmail: string }) => {
  const timers = useTimers();
  const [message, setMessage] = useState<Message | null>(null);
  const changePassword = useChangePassword();
  const schema = useMemo(() => changePasswordValues(sessionEmail), [sessionEmail]);
  const initial = useMemo(() => ({ ...EMPTY, email: sessionEmail }), [sessionEmail]);
  const { control, handleSubmit, clearErrors, reset, setError } = useForm<ChangePasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });

  const showError = (text?: string) => {
    timers.clearAll();
    setMessage(text ? { severity: 'error', text } : null);
    timers.after(TIMINGS.changePasswordErrorMs, () => {
      clearErrors();
      setMessage(null);
    });
  };

  const onSubmit = handleSubmit(
    ({ email, oldPassword, newPassword }) => {
      timers.clearAll();
      setMessage(null);
      changePassword.mutate(
        { data: { email, oldPassword, newPassword } },
        {
          onSuccess: (response) => {
            reset(initial);
            setMessage({ severity: 'success', text: response.message });
          },
          onError: (error) => {
            // The rules the new password breaks go next to it, each on its own line; anything else in the message.
            const broken = fieldErrors(error).filter((field) => field.field === 'newPassword');
            if (broken.length > 0) {
              setError('newPassword', { type: 'server', message: broken.map((field) => field.message).join('\n') });
              showError();
            } else showError(errorMessage(error));
          },
        },
      );
    },
    // Client errors show under their fields, and vanish like the server's.
    () => showError(),
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="change-password-form">
      <RhfTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      />
      <RhfTextField control={control} name="oldPassword" label="Current Password" type="password" autoComplete="current-password" />
      <RhfTextField
        control={control}
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        helperText={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
        // Every rule a refused password breaks, each on a line of its own.
        slotProps={{ formHelperText: { sx: { whiteSpace: 'pre-line' } } }}
      />
      <RhfTextField
        control={control}
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
      {message ? (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          data-testid="change-password-message"
        >
          {message.text}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={changePassword.isPending}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 160 }}
      >
        SUBMIT
      </Button>
    </Stack>
  );
};
