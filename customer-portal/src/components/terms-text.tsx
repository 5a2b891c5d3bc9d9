import { otherPagesText as text } from '../messages/other-pages';

/**
 * Terms of use and privacy policy of the public portal (spec §9).
 * Plain data rendered by TermsText, so the wording can be reviewed in one place.
 */
export const TERMS_LAST_MODIFIED = '25 Feb 2021';
export const LIABILITY_CAP_USD = 50;

type Section = { heading: string; paragraphs: readonly string[] };

const TERMS_OF_USE: readonly Section[] = [
  {
    heading: 'Agreement to these terms',
    paragraphs: [
      'IFU Portal ("the Portal", "we", "us") publishes instructions for use and other controlled product documents that manufacturers share with their customers. By opening, searching or downloading documents from the Portal you agree to these Terms of Use and to the Privacy Policy below. If you do not agree, do not use the Portal.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'You may use the Portal only to find, read and download the documents that apply to the products you use or support, and only for lawful purposes.',
      'You must not: share the search link emailed to you with people who are not entitled to it; use automated means (robots, scrapers, bulk downloaders) to copy the Portal or its documents; try to reach documents, accounts or systems you were not given access to, or to test, probe or bypass the Portal\'s security; interfere with the Portal\'s operation or overload it; or change, misrepresent or redistribute a document as if it were the current controlled version.',
      'We may suspend access for anyone who breaks these rules.',
    ],
  },
  {
    heading: 'Documents and their use',
    paragraphs: [
      'Documents are provided by the manufacturer for the products, countries and languages they name. Always check that the document number, version and effective date match your product. A document that has been replaced is no longer the controlled version and must not be relied on.',
      'Documents remain the property of their owners. You may download and print them for use with the products they describe; any other copying or publication needs the owner\'s written permission.',
    ],
  },
  {
    heading: 'Availability and disclaimer',
    paragraphs: [
      'We aim to keep the Portal available and its documents accurate, but the Portal is provided "as is" and "as available", without warranties of any kind, express or implied, to the fullest extent the law allows. If you cannot reach a document you need, contact the manufacturer or write to us through the Contact US page.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      `To the fullest extent the law allows, we are not liable for indirect, incidental, special or consequential damages, or for loss of data, profits or business, arising from your use of the Portal or your inability to use it. Our total liability for any claim relating to the Portal is limited to fifty US dollars (US$${LIABILITY_CAP_USD}).`,
    ],
  },
  {
    heading: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of California, United States of America, without regard to its conflict-of-law rules. The state and federal courts located in California have exclusive jurisdiction over any dispute arising from these terms or the Portal.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'We may update these terms. The date at the top shows when they last changed; using the Portal after a change means you accept the updated terms.',
    ],
  },
];

const PRIVACY_POLICY: readonly Section[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'To give you access to documents we collect only two items of personal data: your email address and your country. We do not ask for your name, address or payment details, and we do not build a profile of you.',
      'The search page suggests your country from the languages your browser sends (or, where our hosting provider adds it, the country of your connection). This is worked out on our own server: your internet address is not sent to any other service, and it is not kept with your downloads. You can change the country before you search.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'Your email address is used to send you the search link you asked for and to record which documents were downloaded through that link, as the controlled-document records of the manufacturer require. Your country is used to show the documents that apply where you are.',
      'If you choose to write to us through the Contact US page, we use what you send only to answer you.',
    ],
  },
  {
    heading: 'Sharing and retention',
    paragraphs: [
      'We do not sell or rent your data. It is shared only with the manufacturer whose documents you requested, with service providers who run the Portal for us (such as email delivery), and where the law requires it.',
      'Records are kept as long as the manufacturer must keep its document distribution records, and are protected against unauthorized access and change.',
    ],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You may ask us, through the Contact US page, which data we hold about you and to correct it; where the law allows, you may also ask us to delete it.',
      'Your email address is kept with the record of your downloads only in encrypted form, under a key of your own. When you ask us to erase it, we delete that key: the record of the downloads stays, as the manufacturer must keep it, but your address can no longer be read by anyone.',
    ],
  },
];

function Sections({ sections }: { sections: readonly Section[] }) {
  return sections.map((section) => (
    <section key={section.heading}>
      <h4>{section.heading}</h4>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
    </section>
  ));
}

export function TermsText() {
  return (
    <>
      <p className="terms__modified">
        {text.lastModified} {TERMS_LAST_MODIFIED}
      </p>
      <h3>{text.termsOfUse}</h3>
      <Sections sections={TERMS_OF_USE} />
      <h3>{text.privacyPolicy}</h3>
      <Sections sections={PRIVACY_POLICY} />
    </>
  );
}
