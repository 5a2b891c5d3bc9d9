import Box from '@mui/material/Box';
import { useState } from 'react';

import { CodeStep } from './code-step';
import { PasswordStep } from './password-step';
import { UsernameStep } from './username-step';

type Step = { name: 'username' } | { name: 'password'; username: string } | { name: 'code'; username: string; challenge: string };

/**
 * Room for the taller step (the password step: the username row, Password, Submit, 'Forgot Password?'), so that the
 * card keeps its size when it turns from one step to the other. A message shown in a step may
 * still grow it.
 */
export const LOGIN_STEP_MIN_HEIGHT = 224;

/** The two-step login of spec §2.1, and a third step for an account with a second factor: its code. */
export const LoginForm = ({ onStepChange }: { onStepChange?: (step: Step['name']) => void }) => {
  const [step, setStep] = useState<Step>({ name: 'username' });
  const [lastUsername, setLastUsername] = useState('');

  const go = (next: Step) => {
    setStep(next);
    onStepChange?.(next.name);
  };

  return (
    <Box sx={{ minHeight: LOGIN_STEP_MIN_HEIGHT }} data-testid="login-steps">
      {step.name === 'code' ? (
        <CodeStep username={step.username} challenge={step.challenge} onBack={() => go({ name: 'username' })} />
      ) : step.name === 'password' ? (
        <PasswordStep
          key={step.username}
          username={step.username}
          onBack={() => go({ name: 'username' })}
          onCodeStep={(challenge) => go({ name: 'code', username: step.username, challenge })}
        />
      ) : (
        <UsernameStep
          defaultUsername={lastUsername}
          onPasswordStep={(username) => {
            setLastUsername(username);
            go({ name: 'password', username });
          }}
        />
      )}
    </Box>
  );
};
