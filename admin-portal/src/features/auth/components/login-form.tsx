import { useState } from 'react';

import { PasswordStep } from './password-step';
import { UsernameStep } from './username-step';

type Step = { name: 'username' } | { name: 'password'; username: string };

/** The two-step login of spec §2.1. */
export const LoginForm = ({ onStepChange }: { onStepChange?: (step: Step['name']) => void }) => {
  const [step, setStep] = useState<Step>({ name: 'username' });
  const [lastUsername, setLastUsername] = useState('');

  const go = (next: Step) => {
    setStep(next);
    onStepChange?.(next.name);
  };

  if (step.name === 'password') {
    return (
      <PasswordStep
        key={step.username}
        username={step.username}
        onBack={() => go({ name: 'username' })}
      />
    );
  }
  return (
    <UsernameStep
      defaultUsername={lastUsername}
      onPasswordStep={(username) => {
        setLastUsername(username);
        go({ name: 'password', username });
      }}
    />
  );
};
