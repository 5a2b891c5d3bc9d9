import { z } from 'zod';
import { AddNotificationRequest, DeleteNotificationRequest, NotificationChangeResponse, NotificationListResponse, UpdateNotificationRequest } from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const notificationsApi: ApiRoute[] = [
  { method: 'get', path: '/user/listNotification', access: 'admin', summary: 'The notices', response: NotificationListResponse },
  { method: 'post', path: '/user/addNotification', access: 'admin', summary: 'Adds a global, customer-wide or product notice', body: AddNotificationRequest, response: NotificationChangeResponse },
  { method: 'post', path: '/user/updateNotification', access: 'admin', ifMatch: true, summary: 'Changes a notice', body: UpdateNotificationRequest, response: NotificationChangeResponse },
  {
    method: 'delete',
    path: '/user/deleteNotification',
    access: 'admin',
    ifMatch: true,
    summary: 'Deletes a notice (the id in the body, or as ?id= for a client that cannot send a DELETE body)',
    body: DeleteNotificationRequest,
    query: z.object({ id: z.string().max(100).optional() }),
    response: NotificationChangeResponse,
  },
];
