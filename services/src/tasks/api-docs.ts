import { MyTasksCountResponse, MyTasksResponse } from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const tasksApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/tasks/mine',
    access: 'staff',
    summary: "The signed-in user's open tasks, newest first, each with a link to its record in the admin portal",
    description:
      'An approver sees their approvals only while they are an ADMIN; the tasks of any ADMIN (periodic reviews, paper copies, the audit trail) go to ADMINs only, never to the record\'s creator or last editor where the approver policy excludes them. Waits for the tasks read model to apply what is already in the log.',
    response: MyTasksResponse,
  },
  { method: 'get', path: '/tasks/mine/count', access: 'staff', summary: "How many open tasks the signed-in user has (the side menu's count)", response: MyTasksCountResponse },
];
