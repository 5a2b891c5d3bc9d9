import type { Queryable } from '@ifu/storage/database/database';

/** One page of a list as the DataGrid's server mode asks for it (spec §2.13 page sizes 10/25/50/100). */
export interface PageRequest<SortField extends string> {
  /** Absent: the whole list. */
  page?: number;
  pageSize?: number;
  sortField?: SortField;
  sortOrder?: 'asc' | 'desc';
  /** Matched case-insensitively anywhere in the list's searchable text. */
  search?: string;
}

export interface Page<T> {
  rows: T[];
  /** Every match, on all pages. */
  total: number;
}

/** `LIKE` text for a search term: its own % and _ match themselves. */
export const containing = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PagedQuery<Row, T, SortField extends string> {
  /** `SELECT ... FROM ...` without WHERE or ORDER BY; conditions and sorting refer to its output columns. */
  select: string;
  /** Conditions on the output columns, joined with AND; `$n` numbered from 1 in `params`. */
  where: string[];
  params: unknown[];
  /** The searchable text, as an SQL expression (LIKE is applied to its lower case). */
  searchIn: string;
  /** Sort columns by field name: only these can be sorted on. */
  sortColumns: Record<SortField, string>;
  defaultOrder: string;
  map: (row: Row) => T;
}

/**
 * A list, or one sorted, searched page of it with the total count of matches, in one query (a window count), and a
 * second only for a page past the end.
 */
export async function queryPage<Row extends object, T, SortField extends string>(
  db: Queryable,
  request: PageRequest<SortField>,
  query: PagedQuery<Row, T, SortField>,
): Promise<Page<T>> {
  const where = [...query.where];
  const params = [...query.params];
  if (request.search?.trim()) {
    params.push(containing(request.search.trim()));
    where.push(`lower(${query.searchIn}) LIKE $${params.length}`);
  }
  const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const direction = request.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const sortColumn = request.sortField ? query.sortColumns[request.sortField] : undefined;
  // The id last, so that equal sort keys keep one order and pages never overlap.
  const order = sortColumn ? `${sortColumn} ${direction}, id ${direction}` : query.defaultOrder;
  const from = `FROM (${query.select}) AS listed${filter}`;
  if (request.page === undefined) {
    const { rows } = await db.query<Row>(`SELECT * ${from} ORDER BY ${order}`, params);
    return { rows: rows.map(query.map), total: rows.length };
  }
  const size = request.pageSize ?? 10;
  const { rows } = await db.query<Row & { total_matches: string | number }>(
    `SELECT *, count(*) OVER () AS total_matches ${from} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, size, request.page * size],
  );
  if (rows[0]) return { rows: rows.map(query.map), total: Number(rows[0].total_matches) };
  const { rows: counted } = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${from}`, params);
  return { rows: [], total: Number(counted[0]?.n ?? 0) };
}
