import { ContactForm } from '../../features/contact/contact-form';
import { common } from '../../messages/common';
import { contactText as text } from '../../messages/contact';

/** /contactus (spec §2.1, §5). */
export function ContactUsPage() {
  return (
    <article className="page">
      <title>{common.title(text.pageTitle)}</title>
      <h1>{text.pageTitle}</h1>
      <p>{text.intro}</p>
      <ContactForm />
    </article>
  );
}
