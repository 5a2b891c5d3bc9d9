import type { Notification } from '@ifu/contracts';

import type { ListParams } from '@/components/ui/spec-data-grid';

import { customerLabel, productLabel } from './notification-form-values';

/** The columns the list sorts by. */
export type NotificationSortField = 'id' | 'notificationText' | 'customerName' | 'productName';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const sortValue = (notification: Notification, field: NotificationSortField): string | number => {
  switch (field) {
    case 'id':
      return notification.id;
    case 'notificationText':
      return notification.notificationText;
    case 'customerName':
      return customerLabel(notification);
    case 'productName':
      return productLabel(notification);
    default: {
      const never: never = field;
      return never;
    }
  }
};

const isSortField = (field: string | undefined): field is NotificationSortField =>
  field === 'id' || field === 'notificationText' || field === 'customerName' || field === 'productName';

const matches = (notification: Notification, words: readonly string[]) => {
  const text = [
    String(notification.id),
    notification.notificationText,
    customerLabel(notification),
    productLabel(notification),
  ]
    .join('\n')
    .toLocaleLowerCase();
  return words.every((word) => text.includes(word));
};

export type NotificationPage = {
  rows: Notification[];
  /** The notices the search matches, on all pages. */
  rowCount: number;
  /** The page shown: the one asked for, or the last one when the list has become shorter (a notice deleted). */
  page: number;
};

/**
 * One page of the notices, searched and sorted here: GET /user/listNotification/ answers the whole list, and the grid
 * is the product's one list grid (server-mode paging, spec §9 page sizes). Without a sort, the server's order.
 */
export const pageOfNotifications = (list: readonly Notification[], params: ListParams): NotificationPage => {
  const words = (params.search ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length > 0 ? list.filter((notification) => matches(notification, words)) : [...list];
  const field = params.sortField;
  if (isSortField(field)) {
    const direction = params.sortOrder === 'desc' ? -1 : 1;
    found.sort((a, b) => {
      const x = sortValue(a, field);
      const y = sortValue(b, field);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      return direction * (order || a.id - b.id);
    });
  }
  const pageSize = Math.max(1, params.pageSize);
  const lastPage = Math.max(0, Math.ceil(found.length / pageSize) - 1);
  const page = Math.min(Math.max(0, params.page), lastPage);
  return { rows: found.slice(page * pageSize, (page + 1) * pageSize), rowCount: found.length, page };
};
