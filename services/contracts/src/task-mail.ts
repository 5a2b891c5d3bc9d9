import { z } from 'zod';

/**
 * How the mails about a staff member's tasks reach them: `each` (the default) is one mail as each thing happens;
 * `daily-digest` holds them and sends one mail a day listing them.
 */
export const TASK_MAIL_PREFERENCES = ['each', 'daily-digest'] as const;
export const TaskMailPreference = z.enum(TASK_MAIL_PREFERENCES, { error: "must be 'each' or 'daily-digest'" });
export type TaskMailPreference = z.infer<typeof TaskMailPreference>;

/** What the screens call each choice. */
export const TASK_MAIL_PREFERENCE_LABELS: Readonly<Record<TaskMailPreference, string>> = {
  each: 'One mail for each task',
  'daily-digest': 'One daily digest',
};

export const MAIL_PREFERENCE_MESSAGES = {
  saved: 'Mail preference saved.',
  failed: 'Failed to save the mail preference',
} as const;

/** PUT /user/me/mail-preference (an addition to the spec's calls): the signed-in staff member's own choice. */
export const MailPreferenceRequest = z.object({ taskMail: TaskMailPreference });
export type MailPreferenceRequest = z.infer<typeof MailPreferenceRequest>;

export const MailPreferenceResponse = z.object({ message: z.string(), taskMail: TaskMailPreference });
export type MailPreferenceResponse = z.infer<typeof MailPreferenceResponse>;
