import { projectionMigrations } from '@ifu/projections';
import { storageMigrations, type Migration } from '@ifu/storage/database/migrations';
import { apiDocsFeature } from './api-docs/feature';
import { openApiDocument } from './api-docs';
import { auditFeature } from './audit/feature';
import { auditReviewFeature } from './audit-review/feature';
import { AuditDictionary } from './platform/audit-vocabulary';
import { authFeature } from './auth/feature';
import { customersFeature } from './customers/feature';
import { documentsFeature } from './documents/feature';
import { eifuFeature } from './eifu/feature';
import { filesFeature } from './files/feature';
import { notificationsFeature } from './notifications/feature';
import { paperCopiesFeature } from './paper-copies/feature';
import { platformFeature } from './platform/platform-feature';
import { publicPortalFeature } from './public-portal/feature';
import { safetyNoticesFeature } from './safety-notices/feature';
import { secondFactorFeature } from './second-factor/feature';
import { tasksFeature } from './tasks/feature';
import { taskMailFeature } from './task-mail/feature';
import { usersFeature } from './users/feature';

/** The API's features, in the order their routes mount. A new feature is one more entry here, and nothing else. */
export const features = [
  platformFeature,
  filesFeature,
  authFeature,
  secondFactorFeature,
  usersFeature,
  customersFeature,
  documentsFeature,
  notificationsFeature,
  publicPortalFeature,
  eifuFeature,
  paperCopiesFeature,
  safetyNoticesFeature,
  tasksFeature,
  taskMailFeature,
  auditFeature,
  auditReviewFeature,
  apiDocsFeature,
];

/** The storage tables, then each feature's own tables, then the read models. */
export const allMigrations = (): Migration[] => [
  ...storageMigrations(),
  ...features.flatMap((feature) => feature.migrations?.() ?? []),
  ...projectionMigrations(),
];

/** How every feature's events read in the audit report. */
export const auditDictionary = () => new AuditDictionary(features.flatMap((feature) => (feature.audit ? [feature.audit] : [])));

/** The OpenAPI document of every feature's routes (served at /docs outside production). */
export const apiDocument = (serverUrl: string) => openApiDocument(features, serverUrl);
