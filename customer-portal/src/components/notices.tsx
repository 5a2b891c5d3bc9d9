import type { PublicNotice } from '@ifu/contracts/public';
import { isObject } from '../lib/http';
import { common } from '../messages/common';
import { formatDate } from '../lib/format-date';

/** A list of notices as the API answers it (`globalNotices`, `customerNotices`, `productNotices`), checked by hand. */
export const isNoticeList = (value: unknown): value is PublicNotice[] =>
  Array.isArray(value) && value.every((notice) => isObject(notice) && typeof notice.text === 'string' && typeof notice.date === 'string');

/**
 * The notices of one scope (global, the customer's, a family's) on a public page: a region named for the scope, one
 * box per notice with the day it was published, oldest first (so that several notices never read as one, undated).
 * The customer page and the search page the emailed link opens both show them so.
 */
export function Notices({ title, notices }: { title: string; notices: readonly PublicNotice[] }) {
  const shown = notices.filter((notice) => notice.text.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <section className="notices" aria-label={title}>
      <h2 className="notices__title">{title}</h2>
      <ul className="notices__list">
        {shown.map((notice, index) => (
          <li key={index} className="notice" data-testid="notice">
            <p className="notice__text">{notice.text}</p>
            <p className="notice__date">
              {common.noticePublished} <time dateTime={notice.date}>{formatDate(notice.date)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
