import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { eifuVocabulary } from './open-downloads';
import { Router } from 'express';
import { labelQrRoutes } from './label-qr';
import { eifuRoutes } from './routes';
import { eifuApi } from './api-docs';

/** The eIFU site: the GS1 Digital Link resolver and the documents' permalinks, on the public domain. */
export const eifuFeature: Feature = {
  name: 'eifu',
  routes: (ctx) => Router().use(eifuRoutes(ctx), labelQrRoutes(ctx)),
  api: eifuApi,
  // The open-access download counts, summarised into the log per document and hour.
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: eifuVocabulary,
};
