import type { Feature } from '../platform/feature';
import { safetyNoticesVocabulary } from './audit';

/**
 * Safety revisions reach past readers: the job that mails the visitors of superseded versions
 * (`commands.ts`, started by the API server) and its audit vocabulary. Its counts are on the change order's view.
 */
export const safetyNoticesFeature: Feature = {
  name: 'safety-notices',
  audit: safetyNoticesVocabulary,
};
