/** The root of every document query's key (lists, details, searches, files): one invalidation refreshes them all. */
export const DOCUMENTS_QUERY_KEY = ['documents'] as const;
