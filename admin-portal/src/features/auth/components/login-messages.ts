/** Texts of the login screens (spec §2.1, §4, §5, §8). */
export const LOGIN_TEXT = {
  usernameLabel: 'Username/Email',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Please enter valid email address.',
  passwordLabel: 'Password',
  passwordRequired: 'Password is required',
  authenticationFailure: 'Authentication failure',
  activateUser: 'activate user',
  activateEmail: 'activate email',
  // The code step, after the password, for an account with a second factor.
  codeLabel: 'Authentication code',
  codeHelp: 'The 6-digit code from your authenticator app, or one of your recovery codes.',
  codeRequired: 'Code is required',
} as const;
