import type { AbsenceView, ApproverListResponse } from '@ifu/contracts';

/** A calendar day as recorded (`YYYY-MM-DD`) shown dd/MM/yyyy (spec §9): the day itself, in no time zone. */
export const calendarDay = (day: string): string => {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
};

type Approver = ApproverListResponse['approverList'][number];

/** What an absence says beside an approver: away until when, and who takes what is sent to them meanwhile. */
export const absenceText = (absence: Pick<AbsenceView, 'from' | 'until' | 'delegate'>): string =>
  `absent ${calendarDay(absence.from)} to ${calendarDay(absence.until)}: what is sent to them goes to ${absence.delegate.name || absence.delegate.email}`;

/** An approver as the approver selects offer them: name, email, and their absence when they declared one. */
export const approverChoiceLabel = (approver: Approver): string => {
  const name = `${[approver.firstName, approver.lastName].filter(Boolean).join(' ')} (${approver.email})`;
  return approver.absence ? `${name}, ${absenceText(approver.absence)}` : name;
};

/** The approver a record waits for, and whom they stand in for: 'Dora Deputy (delegate of Abe Away)'. */
export const assignedApproverText = (approver: string, delegatedFrom: { name: string; email: string } | null | undefined): string =>
  delegatedFrom ? `${approver} (delegate of ${delegatedFrom.name || delegatedFrom.email})` : approver;
