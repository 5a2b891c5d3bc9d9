import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useConfig } from '../../config/config-context';
import { contactText as text } from '../../messages/contact';
import { sendContact } from './send-contact';
import { CONTACT_FIELDS, serverFieldErrors, validateContact, type ContactErrors, type ContactValues } from './validate-contact';

/** How long the sent or failed message stays (spec §9: the contact message clears at 5 seconds). */
export const CONTACT_MESSAGE_MS = 5000;

const EMPTY: ContactValues = { email: '', name: '', phoneNumber: '', subject: '', textField: '' };

const FIELDS: Record<keyof ContactValues, { label: string; type?: string; autoComplete: string; multiline?: boolean }> = {
  email: { label: text.email, type: 'email', autoComplete: 'email' },
  name: { label: text.name, autoComplete: 'name' },
  phoneNumber: { label: text.phoneNumber, type: 'tel', autoComplete: 'tel' },
  subject: { label: text.subject, autoComplete: 'off' },
  textField: { label: text.message, autoComplete: 'off', multiline: true },
};

/** The Contact US form (spec §5): each error under its field on submit, a honeypot, the answer for 5 seconds. */
export function ContactForm() {
  const { apiUrl } = useConfig();
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string }>();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (answer === undefined) return;
    const timer = setTimeout(() => setAnswer(undefined), CONTACT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [answer]);

  /** Shows the errors under their fields and moves focus to the first; false when there is none. */
  const showErrors = (found: ContactErrors): boolean => {
    setErrors(found);
    const first = CONTACT_FIELDS.find((field) => found[field] !== undefined);
    if (first === undefined) return false;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || showErrors(validateContact(values))) return;
    setSending(true);
    setAnswer(undefined);
    const result = await sendContact(apiUrl, { ...values, email: values.email.trim(), website });
    setSending(false);
    // A refusal that names fields (a rule only the server checks) shows under them, like the form's own.
    const fieldErrors = result.status === 400 ? serverFieldErrors(result.message) : undefined;
    if (fieldErrors !== undefined && showErrors(fieldErrors)) return;
    setAnswer(result);
    if (result.ok) setValues(EMPTY);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} data-testid="contact-form">
      {CONTACT_FIELDS.map((field) => {
        const spec = FIELDS[field];
        const id = `contact-${field}`;
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
            {spec.multiline ? <textarea rows={5} {...common} /> : <input type={spec.type ?? 'text'} {...common} />}
            {error && (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      {/* A honeypot for robots (contract: `website`): hidden from people and assistive technology alike. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">{text.website}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
      </div>
      <p className={answer?.ok === false ? 'status status--error' : 'status status--ok'} role="status" data-testid="contact-answer">
        {answer?.message}
      </p>
      <div className="actions actions--start">
        <button type="submit" className="button" disabled={sending}>
          {sending ? text.sending : text.submit}
        </button>
      </div>
    </form>
  );
}
