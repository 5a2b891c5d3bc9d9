import { Router } from 'express';
import type { Feature } from '../platform/feature';
import { approvalRoutes } from './approval/route';
import { customersApi } from './api-docs';
import { customersVocabulary } from './audit';
import { listingRoutes } from './listing/routes';
import { openAccessRoutes } from './open-access/route';
import { reassignmentRoutes } from './reassignment/route';
import { registrationRoutes } from './registration/routes';

/**
 * The customer aggregate, one folder per use case: registration (add, and edit: a change to an approved customer waits
 * for its approver), the approver's signed approval, an ADMIN's reassignment of its approver, open access, and the
 * listing and view.
 */
export const customersFeature: Feature = {
  name: 'customers',
  routes: (ctx) => Router().use(registrationRoutes(ctx), openAccessRoutes(ctx), listingRoutes(ctx), approvalRoutes(ctx), reassignmentRoutes(ctx)),
  api: customersApi,
  audit: customersVocabulary,
};
