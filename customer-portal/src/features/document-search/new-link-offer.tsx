import { useId } from 'react';
import { Link } from '../../lib/navigation';
import { paths, type CustomerDocSearchParams } from '../../config/paths';
import { searchText as text } from '../../messages/search';
import { SearchLinkForm } from '../../components/search-link-form';

type Props = {
  /** The link that no longer opens: its customer and family get the new one. */
  link: CustomerDocSearchParams;
  /** The family's name, when the page knows it. */
  familyName?: string;
  /** 2 on a page of its own, 3 inside the results. */
  headingLevel?: 2 | 3;
};

/**
 * Where the server said a search link expired or is not valid ("Ask for a new one below"): the customer
 * page's search link form, for the same customer and family, right there; and the way to the customer page for
 * another family.
 */
export function NewLinkOffer({ link, familyName, headingLevel = 2 }: Props) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="new-link" aria-labelledby={headingId} data-testid="new-link">
      <Heading id={headingId} className="new-link__title">
        {text.newLink}
      </Heading>
      <SearchLinkForm
        customerName={link.customerName}
        parentChangeId={link.parentChangeId}
        intro={familyName ? text.newLinkIntro(familyName) : text.newLinkIntroAnyFamily}
      />
      <p className="new-link__more">
        <Link to={paths.docSearch.getHref(link.customerName)}>{text.otherFamilies}</Link>
      </p>
    </section>
  );
}
