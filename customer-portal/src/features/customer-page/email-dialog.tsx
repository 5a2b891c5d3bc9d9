import type { PublicProductFamily } from '@ifu/contracts/public';
import { useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useConfig } from '../../config/config-context';
import { docSearchText as text } from '../../messages/doc-search';
import { sendSearchLink } from './send-search-link';

type Props = { customerName: string; family: PublicProductFamily; onClose: () => void };

/**
 * The email popup of a product family (spec §2.1): the visitor's address, Send, and the server's answer. No client
 * validation (spec §5): the server says what is wrong, and its message is shown as a polite status, not an alarm.
 */
export function EmailDialog({ customerName, family, onClose }: Props) {
  const { apiUrl } = useConfig();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setAnswer(undefined);
    setAnswer(await sendSearchLink(apiUrl, { customerName, userEmail: email.trim(), parentChangeId: family.parentChangeId }));
    setSending(false);
  };

  return (
    <ModalDialog title={text.dialogTitle} onClose={onClose} initialFocus={inputRef} className="dialog--narrow">
      <form className="dialog__body form" noValidate onSubmit={submit}>
        <p>{text.dialogIntro(family.productFamilyName)}</p>
        <div className="field">
          <label htmlFor="search-link-email">{text.email}</label>
          <input
            ref={inputRef}
            id="search-link-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <p className={answer?.ok === false ? 'status status--warn' : 'status'} role="status" data-testid="search-link-answer">
          {answer?.message}
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? text.sending : text.send}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
