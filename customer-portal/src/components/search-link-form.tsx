import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useConfig } from '../config/config-context';
import { docSearchText as text } from '../messages/doc-search';
import { currentLanguage } from '../messages/locale';
import { sendSearchLink } from '../lib/send-search-link';

/**
 * The server's answer in the reader's language: its texts are the spec's English ones (kept as they are in English);
 * a message it does not know is shown as it came.
 */
function answerIn(message: string): string {
  const known: Record<string, () => string> = {
    'The search link has been sent to your email address. Open it to search the documents.': () => text.linkSent,
    'userEmail is required': () => text.emailRequired,
    'userEmail must be a valid email address': () => text.emailInvalid,
  };
  return known[message]?.() ?? message;
}

type Props = {
  customerName: string;
  /** The family's change order, as the customer page or the old link names it. */
  parentChangeId: string;
  /** What the form says first (the family it is for, when known). */
  intro: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
};

/**
 * Asks for a search link by email (spec §2.1): the visitor's address, Send, and the server's answer. The customer
 * page's popup and the search page whose link expired both use it. No client validation (spec §5): the
 * server says what is wrong, and its message is shown as a polite status, not an alarm.
 */
export function SearchLinkForm({ customerName, parentChangeId, intro, inputRef, className = 'form' }: Props) {
  const { apiUrl } = useConfig();
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setAnswer(undefined);
    setAnswer(await sendSearchLink(apiUrl, { customerName, userEmail: email.trim(), parentChangeId, language: currentLanguage() }));
    setSending(false);
  };

  return (
    <form className={className} noValidate onSubmit={submit} data-testid="search-link-form">
      <p>{intro}</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{text.email}</label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <p className={answer?.ok === false ? 'status status--warn' : 'status'} role="status" data-testid="search-link-answer">
        {answer && answerIn(answer.message)}
      </p>
      <div className="actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? text.sending : text.send}
        </button>
      </div>
    </form>
  );
}
