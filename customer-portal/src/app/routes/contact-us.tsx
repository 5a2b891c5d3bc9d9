import { ContactForm } from '../../features/contact/contact-form';
import { lastCustomer } from '../../lib/last-customer';
import { paths } from '../../config/paths';
import { common } from '../../messages/common';
import { contactText as text } from '../../messages/contact';
import { cameFrom, isPlainLeftClick, Link, matchPath, useLocation } from '../../lib/navigation';

/** Where "back" leads from Contact US, and what the link says, or undefined when there is nowhere to go back to. */
function wayBack(from: string | undefined, customer: string | undefined): { to: string; label: string; back: boolean } | undefined {
  if (from !== undefined) {
    const { pathname } = new URL(from, window.location.href);
    if (!matchPath(paths.contactUs.path, pathname)) {
      const customerName = matchPath(paths.docSearch.path, pathname)?.customerName;
      const label = customerName ? text.backTo(customerName) : matchPath(paths.customerDocSearch.path, pathname) ? text.backToSearch : text.back;
      return { to: from, label, back: true };
    }
  }
  return customer ? { to: paths.docSearch.getHref(customer), label: text.backTo(customer), back: false } : undefined;
}

/**
 * The way back from Contact US: to the page of the portal the visitor came from, by the
 * browser's own back so the history stays as it was; else to the customer page they last saw in this tab.
 */
function WayBack() {
  useLocation();
  const way = wayBack(cameFrom(), lastCustomer());
  if (way === undefined) return null;
  return (
    <p className="way-back">
      <Link
        to={way.to}
        onClick={(event) => {
          if (!way.back || !isPlainLeftClick(event)) return;
          event.preventDefault();
          window.history.back();
        }}
      >
        <span aria-hidden="true">← </span>
        {way.label}
      </Link>
    </p>
  );
}

/** /contactus (spec §2.1, §5). */
export function ContactUsPage() {
  return (
    <article className="page">
      <title>{common.title(text.pageTitle)}</title>
      <WayBack />
      <h1>{text.pageTitle}</h1>
      <p>{text.intro}</p>
      <ContactForm />
    </article>
  );
}
