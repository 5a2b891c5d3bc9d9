// Shell only. The Contact US form (email, name, phone number, subject, message; spec §5)
// that posts to /module2/contactUs comes in a later issue.
export function ContactUsPage() {
  return (
    <article className="page">
      <title>Contact US | IFU Portal</title>
      <h1>Contact US</h1>
    </article>
  );
}
