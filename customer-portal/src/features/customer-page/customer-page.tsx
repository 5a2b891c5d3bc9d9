import type { ParentLogosResponse, PublicProductFamily } from '@ifu/contracts/public';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from '../../lib/navigation';
import { useConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { common } from '../../messages/common';
import { docSearchText as text } from '../../messages/doc-search';
import { Notices } from '../../components/notices';
import { rememberCustomer } from '../../lib/last-customer';
import { openSearchLink } from './open-search-link';
import { fetchCustomerPage, type CustomerPageAnswer } from './parent-logos';
import { IdentifierSearch } from './identifier-search';

// The popup loads on the first click on a family: it is not part of the first paint (bundle budget).
const EmailDialog = lazy(() => import('./email-dialog').then((module) => ({ default: module.EmailDialog })));

function Found({ page }: { page: ParentLogosResponse }) {
  const { apiUrl } = useConfig();
  const [family, setFamily] = useState<PublicProductFamily>();
  const navigate = useNavigate();
  useEffect(() => rememberCustomer(page.customerName), [page.customerName]);
  // Open access: a family opens its search page at once; the email popup only if that is refused.
  const open = async (product: PublicProductFamily) => {
    const searchPage = page.openAccess ? await openSearchLink(apiUrl, page.customerName, product.parentChangeId) : undefined;
    if (searchPage) navigate(searchPage);
    else setFamily(product);
  };
  return (
    <>
      <div className="brand">
        {page.customerLogoUrl && <img className="brand__logo" src={page.customerLogoUrl} alt={text.customerLogo(page.customerName)} />}
        <h1>{page.customerName}</h1>
      </div>
      <Notices title={text.globalNotice} notices={page.globalNotices} />
      <Notices title={text.customerNotice(page.customerName)} notices={page.customerNotices} />
      {page.products.length > 0 && <IdentifierSearch customerName={page.customerName} />}
      <h2>{text.families}</h2>
      {page.products.length === 0 ? (
        <p>{text.noFamilies}</p>
      ) : (
        <>
          <p>{text.intro}</p>
          <ul className="families">
            {page.products.map((product) => (
              <li key={product.parentChangeId}>
                <button type="button" className="family" aria-haspopup={page.openAccess ? undefined : 'dialog'} onClick={() => void open(product)}>
                  {product.logoUrl ? <img className="family__logo" src={product.logoUrl} alt="" /> : <span className="family__logo" aria-hidden="true" />}
                  <span className="family__name">{product.productFamilyName}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {family && (
        <Suspense fallback={null}>
          <EmailDialog customerName={page.customerName} family={family} onClose={() => setFamily(undefined)} />
        </Suspense>
      )}
    </>
  );
}

/** /docSearch/:customerName (spec §2.1): the customer's logo, notices and product families. */
export function CustomerPage({ customerName }: { customerName: string }) {
  const { apiUrl } = useConfig();
  const [answer, setAnswer] = useState<CustomerPageAnswer & { for: string; attempt: number }>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchCustomerPage(apiUrl, customerName, controller.signal)
      .then((result) => setAnswer({ ...result, for: customerName, attempt }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiUrl, customerName, attempt]);

  const current = answer?.for === customerName && answer.attempt === attempt ? answer : undefined;
  if (current?.kind === 'found') {
    return (
      <article className="page">
        <title>{common.title(text.pageTitle(current.page.customerName))}</title>
        <Found page={current.page} />
      </article>
    );
  }
  if (current?.kind === 'not-found') {
    return (
      <article className="page">
        <title>{common.title(text.notFoundTitle)}</title>
        <meta name="robots" content="noindex" />
        <h1>{text.notFoundTitle}</h1>
        <p>{text.notFound(customerName)}</p>
        <p>
          {text.notFoundHelp} <Link to={paths.contactUs.getHref()}>{common.contactUs}</Link> {text.notFoundHelpEnd}
        </p>
      </article>
    );
  }
  return (
    <article className="page" aria-busy={current === undefined}>
      <title>{common.title(text.pageTitle(customerName))}</title>
      <h1>{customerName}</h1>
      {current === undefined ? (
        <p role="status">{common.loading}</p>
      ) : (
        <>
          <p role="alert">{text.loadFailed}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {text.retry}
          </button>
        </>
      )}
    </article>
  );
}
