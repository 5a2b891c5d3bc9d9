import type { Migration } from '@ifu/storage/database/migrations';
import { changeOrdersProjection } from './change-orders/projection';
import { customerListProjection } from './customer-list/projection';
import { documentSearchProjection } from './document-search/projection';
import { notificationsProjection } from './notifications/projection';
import { paperCopyRequestsProjection } from './paper-copy-requests/projection';
import type { Projection } from './projection';
import { safetyNoticesProjection } from './safety-notices/projection';
import { tasksProjection } from './tasks/projection';
import { userAccountsProjection } from './user-accounts/projection';

/** Every read model of the product, in the order their migrations apply. Each brings its own tables' migrations. */
export const allProjections: readonly Projection[] = [userAccountsProjection, customerListProjection, changeOrdersProjection, documentSearchProjection, notificationsProjection, paperCopyRequestsProjection, safetyNoticesProjection, tasksProjection];

export const projectionMigrations = (): Migration[] => allProjections.flatMap((projection) => projection.migrations());
