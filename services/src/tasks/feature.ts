import type { Feature } from '../platform/feature';
import { tasksApi } from './api-docs';
import { taskRoutes } from './routes';

/** My tasks: what waits for each staff member, read from the tasks read model. It records nothing of its own. */
export const tasksFeature: Feature = {
  name: 'tasks',
  routes: (ctx) => taskRoutes(ctx),
  api: tasksApi,
};
