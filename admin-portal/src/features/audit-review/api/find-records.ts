import { type AuditRecordKind, CustomerListResponse, DocumentListResponse, NotificationListResponse, UserListResponse } from '@ifu/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { AUDIT_REVIEW_QUERY_KEY } from './get-record-history';

/** A record to pick: its id (what the history asks for) and how it reads. */
export type RecordOption = { id: string; label: string };

const PAGE = { page: 0, pageSize: 25 } as const;

/**
 * The records of a kind whose name matches `search`, from the lists the other screens use (the first 25): users by
 * name or email, customers by name, change orders by number or product, notices by text.
 */
export async function findRecords(kind: AuditRecordKind, search: string, signal?: AbortSignal): Promise<RecordOption[]> {
  const term = search.trim().slice(0, 100) || undefined;
  switch (kind) {
    case 'user': {
      const { userList } = await api.get('/user/list/user', { schema: UserListResponse, params: { ...PAGE, search: term }, signal });
      return userList.map((u) => ({ id: u.id, label: `${u.firstName} ${u.lastName} <${u.email}>` }));
    }
    case 'customer': {
      const { customerList } = await api.get('/customer/list/', { schema: CustomerListResponse, params: { ...PAGE, search: term }, signal });
      return customerList.map((c) => ({ id: c.id, label: c.customerName }));
    }
    case 'changeOrder': {
      const { data } = await api.get('/document/getDocumentList', { schema: DocumentListResponse, params: { ...PAGE, tab: 'all', search: term }, signal });
      return data.list.map((d) => ({ id: d.parentChangeId, label: `${d.documentId} ${d.productFamilyName}` }));
    }
    case 'notice': {
      const { list } = await api.get('/user/listNotification/', { schema: NotificationListResponse, signal });
      const lower = term?.toLowerCase();
      return list
        .filter((n) => !lower || n.notificationText.toLowerCase().includes(lower) || String(n.id) === lower)
        .slice(0, PAGE.pageSize)
        .map((n) => ({ id: String(n.id), label: `Notification ${n.id}: ${n.notificationText.slice(0, 60)}` }));
    }
  }
}

export const findRecordsQueryOptions = (kind: AuditRecordKind, search: string) =>
  queryOptions({
    queryKey: [...AUDIT_REVIEW_QUERY_KEY, 'records', kind, search],
    queryFn: ({ signal }) => findRecords(kind, search, signal),
    placeholderData: keepPreviousData,
  });

export const useFindRecords = (kind: AuditRecordKind, search: string) => useQuery(findRecordsQueryOptions(kind, search));
