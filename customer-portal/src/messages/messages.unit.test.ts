import { PUBLIC_MESSAGES } from '@ifu/contracts/public';
import { describe, expect, it } from 'vitest';
import { common } from './common';
import { contactText } from './contact';
import { docSearchText } from './doc-search';
import { otherPagesText } from './other-pages';
import { paperCopyText } from './paper-copy';
import { searchText } from './search';

const catalogues = { common, docSearchText, searchText, contactText, otherPagesText, paperCopyText };

describe('message catalogues of the public pages', () => {
  it('when any entry is read, then it is a non-empty text, or a function that makes one', () => {
    for (const [name, catalogue] of Object.entries(catalogues)) {
      for (const [key, value] of Object.entries(catalogue)) {
        const made: unknown = typeof value === 'function' ? (value as (...args: unknown[]) => unknown)('X', 'Y') : value;
        expect(typeof made, `${name}.${key}`).toBe('string');
        expect((made as string).trim(), `${name}.${key}`).not.toBe('');
      }
    }
  });

  it('when the spec spells a text, then the catalogue spells it exactly (spec §2.1, §5, §8)', () => {
    expect(common.contactUs).toBe('Contact US');
    expect(common.terms).toBe('Terms And Condition');
    expect(common.renderFailure).toBe('Something Went Wrong / Some Issues While Loading...');
    expect(searchText.noData).toBe(PUBLIC_MESSAGES.noDataFound);
    expect(searchText.selectCountry).toBe(PUBLIC_MESSAGES.selectCountry);
    expect(searchText.selectLanguage).toBe(PUBLIC_MESSAGES.selectLanguage);
    expect({
      sent: contactText.sent,
      failed: contactText.failed,
      emailRequired: contactText.emailRequired,
      emailInvalid: contactText.emailInvalid,
      phoneRequired: contactText.phoneRequired,
      phoneLength: contactText.phoneLength,
      nameRequired: contactText.nameRequired,
      subjectRequired: contactText.subjectRequired,
      messageRequired: contactText.messageRequired,
    }).toEqual({
      sent: PUBLIC_MESSAGES.contactSent,
      failed: PUBLIC_MESSAGES.contactFailed,
      emailRequired: PUBLIC_MESSAGES.contactEmailRequired,
      emailInvalid: PUBLIC_MESSAGES.contactEmailInvalid,
      phoneRequired: PUBLIC_MESSAGES.contactPhoneRequired,
      phoneLength: PUBLIC_MESSAGES.contactPhoneLength,
      nameRequired: PUBLIC_MESSAGES.contactNameRequired,
      subjectRequired: PUBLIC_MESSAGES.contactSubjectRequired,
      messageRequired: PUBLIC_MESSAGES.contactMessageRequired,
    });
    expect(contactText.pageTitle).toBe('Contact US');
  });

  it('when a result row gets its download button, then its accessible name names the document', () => {
    expect(searchText.downloadLabel('DOC-1', 'ifu.pdf')).toBe('Download DOC-1 ifu.pdf');
    expect(searchText.downloadLabel('DOC-1', '')).toBe('Download DOC-1');
  });
});
