import { describe, it } from 'vitest';
import type { EifuEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { openDownloadCountsDecider, type SummariseOpenDownloads } from './open-downloads';

const document = {
  childDocumentId: '6a1f0c2e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
  documentNumber: 'DOC-000042',
  parentChangeId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
  customerId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  version: 2,
  sha256: 'a'.repeat(64),
};
const hour = { periodStart: '2026-11-28T10:00:00.000Z', periodEnd: '2026-11-28T11:00:00.000Z' };

const summarise = (counters: SummariseOpenDownloads['counters']): SummariseOpenDownloads => ({ type: 'SummariseOpenDownloads', document, ...hour, counters });
const counted = (data: Pick<Extract<EifuEvent, { type: 'OpenAccessDownloadsCounted' }>['data'], 'downloads' | 'byVia' | 'byCountry' | 'byLanguage'>): EifuEvent => ({
  type: 'OpenAccessDownloadsCounted',
  data: { ...document, ...hour, ...data },
});

describe('the summary of one document’s open-access downloads in one hour', () => {
  const spec = deciderSpec(openDownloadCountsDecider);

  it('given nothing summarised, when the hour’s counters are summarised, then one event holds them all, the largest first, unknown as null', () => {
    spec
      .given()
      .when(
        summarise([
          { dimension: 'via', value: 'permalink', downloads: 3 },
          { dimension: 'via', value: 'digital-link', downloads: 7 },
          { dimension: 'country', value: 'DE', downloads: 6 },
          { dimension: 'country', value: '', downloads: 4 },
          { dimension: 'language', value: 'de', downloads: 10 },
        ]),
      )
      .then([
        counted({
          downloads: 10,
          byVia: [
            { via: 'digital-link', downloads: 7 },
            { via: 'permalink', downloads: 3 },
          ],
          byCountry: [
            { country: 'DE', downloads: 6 },
            { country: null, downloads: 4 },
          ],
          byLanguage: [{ language: 'de', downloads: 10 }],
        }),
      ]);
  });

  it('given the hour summarised, when the same counters are summarised again (a restart, a second instance), then nothing', () => {
    spec
      .given(counted({ downloads: 2, byVia: [{ via: 'search', downloads: 2 }], byCountry: [{ country: 'FR', downloads: 2 }], byLanguage: [{ language: null, downloads: 2 }] }))
      .when(
        summarise([
          { dimension: 'via', value: 'search', downloads: 2 },
          { dimension: 'country', value: 'FR', downloads: 2 },
          { dimension: 'language', value: '', downloads: 2 },
        ]),
      )
      .thenNothing();
  });

  it('given the hour summarised, when more were counted in it since, then an event with only those', () => {
    spec
      .given(counted({ downloads: 2, byVia: [{ via: 'search', downloads: 2 }], byCountry: [{ country: 'FR', downloads: 2 }], byLanguage: [{ language: null, downloads: 2 }] }))
      .when(
        summarise([
          { dimension: 'via', value: 'search', downloads: 3 },
          { dimension: 'country', value: 'FR', downloads: 2 },
          { dimension: 'country', value: 'BE', downloads: 1 },
          { dimension: 'language', value: '', downloads: 3 },
        ]),
      )
      .then([counted({ downloads: 1, byVia: [{ via: 'search', downloads: 1 }], byCountry: [{ country: 'BE', downloads: 1 }], byLanguage: [{ language: null, downloads: 1 }] })]);
  });
});
