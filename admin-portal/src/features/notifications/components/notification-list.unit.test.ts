import type { Notification } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { pageOfNotifications } from './notification-list';

const notice = (id: number, notificationText: string, customerName: string | null = null, productName: string | null = null): Notification => ({
  id,
  notificationText,
  customerID: customerName ? `c-${customerName}` : null,
  productID: productName ? `p-${productName}` : null,
  customerName,
  productName,
  version: 1,
});

const list = [
  notice(3, 'Maintenance on Friday'),
  notice(1, 'Lot 42 withdrawn', 'Beta Clinic', 'Orbit Stent'),
  notice(2, 'New IFU layout', 'acme Medical'),
  notice(10, 'Holiday hours', 'Zeta Care', 'Lumen Catheter'),
];
const ids = (rows: Notification[]) => rows.map((row) => row.id);

describe('a page of the notification list', () => {
  it('when unsorted, then the server order is kept and the count is the whole list', () => {
    const page = pageOfNotifications(list, { page: 0, pageSize: 10 });
    expect(ids(page.rows)).toEqual([3, 1, 2, 10]);
    expect(page.rowCount).toBe(4);
    expect(page.page).toBe(0);
  });

  it('when sorted by id, then numerically; by customer, All and names case aside', () => {
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, sortField: 'id', sortOrder: 'asc' }).rows)).toEqual([1, 2, 3, 10]);
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, sortField: 'id', sortOrder: 'desc' }).rows)).toEqual([10, 3, 2, 1]);
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, sortField: 'customerName', sortOrder: 'asc' }).rows)).toEqual([2, 3, 1, 10]);
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, sortField: 'productName', sortOrder: 'asc' }).rows)).toEqual([2, 3, 10, 1]);
  });

  it('when an unknown sort field is asked, then the server order is kept', () => {
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, sortField: 'version', sortOrder: 'asc' }).rows)).toEqual([3, 1, 2, 10]);
  });

  it('when searched, then every word must match the id, text, customer or product ("all" finds notices for all)', () => {
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, search: 'orbit LOT' }).rows)).toEqual([1]);
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, search: 'acme' }).rows)).toEqual([2]);
    expect(ids(pageOfNotifications(list, { page: 0, pageSize: 10, search: 'all' }).rows)).toEqual([3, 2]);
    expect(pageOfNotifications(list, { page: 0, pageSize: 10, search: 'nothing' })).toEqual({ rows: [], rowCount: 0, page: 0 });
  });

  it('when paged, then the page holds pageSize rows; a page beyond the end shows the last one', () => {
    const many = Array.from({ length: 23 }, (_, index) => notice(index + 1, `Notice ${index + 1}`));
    const second = pageOfNotifications(many, { page: 1, pageSize: 10 });
    expect(ids(second.rows)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.rowCount).toBe(23);
    const beyond = pageOfNotifications(many, { page: 5, pageSize: 10 });
    expect(beyond.page).toBe(2);
    expect(ids(beyond.rows)).toEqual([21, 22, 23]);
  });
});
