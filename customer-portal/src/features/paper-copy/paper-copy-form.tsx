import { useRef, useState, type FormEvent } from 'react';
import { useConfig } from '../../config/config-context';
import { PAPER_COPY_FORM_LIMITS as LIMITS, paperCopyText as text } from '../../messages/paper-copy';
import { sendPaperCopyRequest } from './paper-copy-api';
import { PAPER_COPY_FIELDS, serverFieldErrors, validatePaperCopy, type PaperCopyErrors, type PaperCopyValues } from './validate-paper-copy';

const EMPTY: PaperCopyValues = { name: '', address: '', email: '', quantity: '1' };

const FIELDS: Record<keyof PaperCopyValues, { label: string; type?: string; autoComplete: string; multiline?: boolean; inputMode?: 'numeric' }> = {
  name: { label: text.name, autoComplete: 'name' },
  address: { label: text.address, autoComplete: 'street-address', multiline: true },
  email: { label: text.email, type: 'email', autoComplete: 'email' },
  quantity: { label: text.quantity, type: 'number', autoComplete: 'off', inputMode: 'numeric' },
};

type Props = {
  /** The document and version the page names: the visitor does not choose them here. */
  documentNumber: string;
  version: number;
};

/** A request for a paper copy: each error under its field, the receipt's due date once recorded. */
export function PaperCopyForm({ documentNumber, version }: Props) {
  const { apiUrl } = useConfig();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PaperCopyErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<{ message: string; requestId: string; reference?: string; dueDate: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const showErrors = (found: PaperCopyErrors): boolean => {
    setErrors(found);
    const first = PAPER_COPY_FIELDS.find((field) => found[field] !== undefined);
    if (first === undefined) return false;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || showErrors(validatePaperCopy(values))) return;
    setSending(true);
    setFailure(undefined);
    const answer = await sendPaperCopyRequest(apiUrl, {
      name: values.name.trim(),
      address: values.address,
      email: values.email.trim(),
      documentNumber,
      version,
      quantity: Number(values.quantity.trim()),
    });
    setSending(false);
    if (answer.ok) {
      setDone(answer);
      setTimeout(() => doneRef.current?.focus(), 0);
      return;
    }
    const fieldErrors = answer.status === 400 ? serverFieldErrors(answer.message) : undefined;
    if (fieldErrors !== undefined && showErrors(fieldErrors)) return;
    setFailure(answer.message);
  };

  if (done) {
    return (
      <div className="notice" role="status" tabIndex={-1} ref={doneRef} data-testid="paper-copy-done">
        <p className="status status--ok">{done.message}</p>
        <p>{text.dueDate(done.dueDate)}</p>
        {done.reference ? (
          <p data-testid="paper-copy-reference">
            <strong>{text.reference(done.reference)}</strong>
          </p>
        ) : null}
        <p>{text.requestNumber(done.requestId)}</p>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} data-testid="paper-copy-form">
      {PAPER_COPY_FIELDS.map((field) => {
        const spec = FIELDS[field];
        const id = `paper-copy-${field}`;
        const error = errors[field];
        const common = {
          id,
          name: field,
          value: values[field],
          autoComplete: spec.autoComplete,
          'aria-invalid': error !== undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
        };
        return (
          <div className="field" key={field}>
            <label htmlFor={id}>{spec.label}</label>
            {spec.multiline ? (
              <textarea rows={4} maxLength={LIMITS.addressMax} {...common} />
            ) : field === 'quantity' ? (
              <input type="number" inputMode="numeric" min={LIMITS.quantityMin} max={LIMITS.quantityMax} step={1} {...common} />
            ) : (
              <input type={spec.type ?? 'text'} maxLength={field === 'name' ? LIMITS.nameMax : LIMITS.emailMax} {...common} />
            )}
            {error && (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <p className="status status--error" role="status" data-testid="paper-copy-failure">
        {failure}
      </p>
      <div className="actions actions--start">
        <button type="submit" className="button" disabled={sending}>
          {sending ? text.sending : text.submit}
        </button>
      </div>
    </form>
  );
}
