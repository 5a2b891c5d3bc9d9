import { Router } from 'express';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { absenceRoutes } from './absence/routes';
import { accessRequestRoutes } from './access-requests/routes';
import { usersVocabulary } from './audit';
import { identityChangeRoutes } from './identity-change/routes';
import { mailPreferenceRoutes } from './mail-preference/routes';
import { passwordRoutes } from './passwords/routes';
import { userAdminRoutes } from './manage/routes';
import { usersApi } from './api-docs';

/** The user aggregate, Manage User, password links, access requests, absences and delegates, each user's mail preference, the first administrator. */
export const usersFeature: Feature = {
  name: 'users',
  routes: (ctx, composition) =>
    Router().use(
      passwordRoutes(ctx, { rateLimit: composition.loginRateLimit }),
      accessRequestRoutes(ctx, { rateLimit: composition.notifyAdminRateLimit }),
      userAdminRoutes(ctx),
      identityChangeRoutes(ctx),
      absenceRoutes(ctx),
      mailPreferenceRoutes(ctx),
    ),
  api: usersApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: usersVocabulary,
};
