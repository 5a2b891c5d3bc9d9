import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { afterLoginHref } from '@/lib/return-path';

import { useForgotPassword } from '../api/forgot-password';
import { useGetToken } from '../api/get-token';

import { LOGIN_TEXT } from './login-messages';

const PasswordForm = z.object({ password: z.string().min(1, LOGIN_TEXT.passwordRequired) });
type PasswordForm = z.infer<typeof PasswordForm>;

/** Spec §8: a 401 is 'Authentication failure'; otherwise the server's message, or 'Network Error'. */
const loginErrorMessage = (error: unknown) =>
  isApiError(error) && error.status === 401 ? LOGIN_TEXT.authenticationFailure : errorMessage(error);

type PasswordStepProps = {
  username: string;
  onBack: () => void;
  /** The account has a second factor: the password was accepted, the code step follows with this challenge. */
  onCodeStep: (challenge: string) => void;
};

/** Login step two: Password and Submit, a link back to step one, 'Forgot Password?'. */
export const PasswordStep = ({ username, onBack, onCodeStep }: PasswordStepProps) => {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useGetToken({
    mutationConfig: {
      onSuccess: (response) => {
        if ('secondFactorRequired' in response) onCodeStep(response.challenge);
        else navigate(afterLoginHref(location.search), { replace: true });
      },
    },
  });
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(({ password }) => login.mutate({ data: { username, password } }));

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="login-password-step">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 5,
          minWidth: 0,
        }}
      >
        <PersonOutline fontSize="small" color="action" />
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="login-username">
          {username}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onBack}
          underline="hover"
          data-testid="login-back"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}
        >
          <ArrowBack sx={{ fontSize: 16 }} aria-hidden />
          Back
        </Link>
      </Box>

      {/* Lets password managers pair the password with the username of step one. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />

      <Box>
        <RhfInputField
          control={control}
          name="password"
          label={LOGIN_TEXT.passwordLabel}
          type="password"
          autoComplete="current-password"
          autoFocus
        />
        {login.isError ? (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, mx: 1.75 }} data-testid="login-error">
            {loginErrorMessage(login.error)}
          </Typography>
        ) : null}
      </Box>

      {/* Still busy after the answer while the next page loads. */}
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending || login.isSuccess}>
        Submit
      </Button>

      <Box sx={{ textAlign: 'center' }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          disabled={forgot.isPending}
          onClick={() => forgot.mutate({ data: { email: username } })}
          data-testid="forgot-password"
        >
          Forgot Password?
        </Link>
        {forgot.isSuccess || forgot.isError ? (
          <Typography
            role={forgot.isError ? 'alert' : 'status'}
            variant="body2"
            color={forgot.isError ? 'error' : 'success'}
            sx={{ mt: 1 }}
            data-testid="forgot-password-message"
          >
            {forgot.isError ? errorMessage(forgot.error) : forgot.data?.message}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
};
