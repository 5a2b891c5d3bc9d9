import type { Queryable } from '@ifu/storage/database/database';

/** A notice as Manage Notification lists it, with the customer's and the family's names as they are now. */
export interface NotificationRecord {
  id: number;
  notificationText: string;
  customerId: string | null;
  productId: string | null;
  customerName: string | null;
  productName: string | null;
  version: number;
}

const SELECT_NOTIFICATIONS = `
  SELECT n.notification_id, n.notification_text, n.customer_id, n.product_id, n.stream_version,
         c.customer_name, p.product_family_name
    FROM notifications n
    LEFT JOIN customer_list c ON c.id = n.customer_id
    LEFT JOIN document_search_parents p ON p.id = n.product_id
   WHERE NOT n.deleted`;

type NotificationDbRow = {
  notification_id: number;
  notification_text: string;
  customer_id: string | null;
  product_id: string | null;
  stream_version: number;
  customer_name: string | null;
  product_family_name: string | null;
};

const toRecord = (row: NotificationDbRow): NotificationRecord => ({
  id: row.notification_id,
  notificationText: row.notification_text,
  customerId: row.customer_id,
  productId: row.product_id,
  customerName: row.customer_name,
  productName: row.product_family_name,
  version: row.stream_version,
});

/** Every notice that is not deleted, newest first. */
export async function listNotifications(db: Queryable): Promise<NotificationRecord[]> {
  const { rows } = await db.query<NotificationDbRow>(`${SELECT_NOTIFICATIONS} ORDER BY n.notification_id DESC`);
  return rows.map(toRecord);
}

export async function findNotification(db: Queryable, notificationId: number): Promise<NotificationRecord | undefined> {
  const { rows } = await db.query<NotificationDbRow>(`${SELECT_NOTIFICATIONS} AND n.notification_id = $1`, [notificationId]);
  return rows[0] && toRecord(rows[0]);
}

/** A notice as a public page shows it: its text and the day it was published ('YYYY-MM-DD', UTC). */
export interface PageNotice {
  text: string;
  date: string;
}

/** The notices a public page shows, each scope's oldest first. */
export interface PageNotices {
  global: PageNotice[];
  customer: PageNotice[];
  product: PageNotice[];
}

/**
 * The notices of a customer's public page (spec §2.1): the global ones, the customer's own, and, for a product family
 * page, the family's. A product notice names the change order its family was chosen by; it stays with the family
 * (same name, however capitalised or spaced: the projection's family key) when a newer version of the family is approved.
 */
export async function noticesForPage(db: Queryable, customerId: string, productFamilyName?: string): Promise<PageNotices> {
  const { rows } = await db.query<{ scope: 'global' | 'customer' | 'product'; notification_text: string; published: string }>(
    `SELECT CASE WHEN n.customer_id IS NULL THEN 'global' WHEN n.product_id IS NULL THEN 'customer' ELSE 'product' END AS scope,
            n.notification_text, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS published
       FROM notifications n
       LEFT JOIN document_search_parents p ON p.id = n.product_id
      WHERE NOT n.deleted
        AND (n.customer_id IS NULL
             OR (n.customer_id = $1 AND n.product_id IS NULL)
             OR (n.customer_id = $1 AND $2::text IS NOT NULL
                 AND lower(regexp_replace(trim(p.product_family_name), '\\s+', ' ', 'g')) = lower(regexp_replace(trim($2::text), '\\s+', ' ', 'g'))))
      ORDER BY n.notification_id`,
    [customerId, productFamilyName ?? null],
  );
  const notices: PageNotices = { global: [], customer: [], product: [] };
  for (const row of rows) notices[row.scope].push({ text: row.notification_text, date: row.published });
  return notices;
}

/** The customer of an approved, active change order: what a product notice may name (undefined: no such family). */
export async function customerOfApprovedFamily(db: Queryable, parentChangeId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ customer_id: string }>(
    `SELECT customer_id FROM document_search_parents WHERE id = $1 AND active AND status = 'APPROVED'`,
    [parentChangeId.toLowerCase()],
  );
  return rows[0]?.customer_id;
}
