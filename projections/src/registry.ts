import { migrationsFromDirectory, type Migration } from '@ifu/storage/database/migrations';
import { customerListProjection } from './customer-list/projection';
import type { Projection } from './projection';
import { userAccountsProjection } from './user-accounts/projection';

/** Every read model of the product, in the order their migrations apply. */
export const allProjections: readonly Projection[] = [userAccountsProjection, customerListProjection];

const readModelDirectories = ['user-accounts', 'customer-list'];

export const projectionMigrations = (): Migration[] =>
  readModelDirectories.flatMap((name) =>
    migrationsFromDirectory(`projections/${name}`, new URL(`./${name}/migrations`, import.meta.url).pathname),
  );
