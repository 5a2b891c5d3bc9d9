import { SEARCH_RESULTS_MAX } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { resultCountText, SEARCH_STATUS_LABEL, searchStatusOf, snippetText } from './search-format';

describe('internal search formats', () => {
  it('badges an archived version Archived whatever its status, any other by its status', () => {
    expect(searchStatusOf({ status: 'APPROVED', archived: true })).toBe('ARCHIVED');
    expect(searchStatusOf({ status: 'APPROVED', archived: false })).toBe('APPROVED');
    expect(searchStatusOf({ status: 'REQUIRE_APPROVAL', archived: false })).toBe('REQUIRE_APPROVAL');
    expect(SEARCH_STATUS_LABEL.ARCHIVED).toBe('Archived');
    expect(SEARCH_STATUS_LABEL.APPROVED).toBe('Approved');
    expect(SEARCH_STATUS_LABEL.REQUIRE_APPROVAL).toBe('Approval Pending');
  });

  it('joins a snippet into one plain text', () => {
    expect(
      snippetText([
        { text: '… store the ', match: false },
        { text: 'catheter', match: true },
        { text: ' below\n 25 °C', match: false },
      ]),
    ).toBe('… store the catheter below 25 °C');
    expect(snippetText([])).toBe('');
    // Markup stays text.
    expect(snippetText([{ text: '<b>x</b>', match: true }])).toBe('<b>x</b>');
  });

  it('says how many documents were found, and when the list stops at the limit', () => {
    expect(resultCountText(1)).toBe('1 document found');
    expect(resultCountText(7)).toBe('7 documents found');
    expect(resultCountText(SEARCH_RESULTS_MAX)).toBe(`The best ${SEARCH_RESULTS_MAX} matches are shown: narrow the search to find others.`);
  });
});
