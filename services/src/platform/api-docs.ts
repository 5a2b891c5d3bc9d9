import { HealthResponse } from '@ifu/contracts';
import type { ApiRoute } from './api-routes';

/** Health and readiness (health-routes.ts). */
export const platformApi: ApiRoute[] = [
  { method: 'get', path: '/health', access: 'public', summary: 'Liveness: the process answers, and the event log verifies (503 event-log-broken names the first link that does not)', response: HealthResponse },
  { method: 'get', path: '/ready', access: 'public', summary: 'Readiness: the database and the event log answer, and the process is not shutting down', response: HealthResponse },
];
