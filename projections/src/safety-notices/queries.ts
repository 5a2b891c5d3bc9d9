import type { SafetyNoticeDocument } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';

/**
 * The approved, active, Online safety revisions in effect on `today` (UTC, `YYYY-MM-DD`): the ones whose readers may
 * be due a notice. Through the partial index of change orders marked a safety revision (rare).
 */
export async function safetyRevisionsInEffect(db: Queryable, today: string): Promise<Array<{ parentChangeId: string; documentId: string }>> {
  const { rows } = await db.query<{ id: string; document_id: string }>(
    `SELECT id, document_id FROM change_orders
      WHERE safety_revision AND status = 'APPROVED' AND active AND NOT is_internal AND effective_date <= $1::date
      ORDER BY effective_date, id`,
    [today],
  );
  return rows.map((row) => ({ parentChangeId: row.id, documentId: row.document_id }));
}

/** A visitor a safety revision must reach: their address sealed under their key, and the documents to name. */
export interface SafetyNoticeRecipient {
  visitorId: string;
  /** Sealed under the visitor's key (their latest download's seal). */
  sealedEmail: string;
  documents: SafetyNoticeDocument[];
  /** They asked for a paper copy of a superseded version and downloaded none of them through a link. */
  paperCopyOnly: boolean;
}

/**
 * The visitors who downloaded, through an emailed link, a version that a child of this change order superseded, or
 * asked for a paper copy of one (their address sealed under the same key), and who have no notice of it that the
 * mailer took; at most `limit`, by visitor id after `afterVisitorId`. Old versions
 * are found through the versions index (same customer, family, reference and part number as the new one).
 */
export async function safetyNoticeRecipients(db: Queryable, parentChangeId: string, options: { afterVisitorId: string; limit: number }): Promise<SafetyNoticeRecipient[]> {
  const { rows } = await db.query<{ visitor_id: string; sealed_email: string; documents: SafetyNoticeDocument[]; paper_copy_only: boolean }>(
    `SELECT d.visitor_id, bool_and(d.paper_copy) AS paper_copy_only,
            (array_agg(d.sealed_email ORDER BY d.position DESC))[1] AS sealed_email,
            jsonb_agg(DISTINCT jsonb_build_object(
              'supersededChildId', o.id, 'supersededDocumentNumber', o.document_number,
              'childDocumentId', n.id, 'documentNumber', n.document_number,
              'productFamilyName', n.product_family_name, 'partNumber', n.product_sub_family_name_one)) AS documents
       FROM document_search n
       JOIN document_search o
         ON o.customer_id = n.customer_id AND o.family_key = n.family_key
        AND lower(o.associated_reference_number) = lower(n.associated_reference_number)
        AND lower(o.product_sub_family_name_one) = lower(n.product_sub_family_name_one)
        AND o.superseded_by = n.id
       -- A download's seal is preferred to a paper copy request's (position -1): both open with the visitor's key.
       JOIN (SELECT visitor_id, child_document_id, sealed_email, position, false AS paper_copy FROM public_downloads
             UNION ALL
             SELECT visitor_id, child_document_id, sealed_email, -1::bigint, true FROM paper_copy_requests) d ON d.child_document_id = o.id
      WHERE n.parent_change_id = $1 AND n.listed AND n.status = 'APPROVED' AND d.visitor_id > $2
        AND NOT EXISTS (SELECT 1 FROM safety_notices s WHERE s.parent_change_id = $1 AND s.visitor_id = d.visitor_id AND s.delivered)
      GROUP BY d.visitor_id
      ORDER BY d.visitor_id
      LIMIT $3`,
    [parentChangeId, options.afterVisitorId, options.limit],
  );
  return rows.map((row) => ({
    visitorId: row.visitor_id,
    sealedEmail: row.sealed_email,
    paperCopyOnly: row.paper_copy_only,
    documents: [...row.documents].sort((a, b) => a.documentNumber.localeCompare(b.documentNumber) || a.supersededDocumentNumber.localeCompare(b.supersededDocumentNumber)),
  }));
}

/**
 * A safety revision's reach: the visitors whose notice the mailer took, and how many of them downloaded one of its
 * new versions through an emailed link after their notice was recorded (log order).
 */
export async function safetyNoticeCounts(db: Queryable, parentChangeId: string): Promise<{ notified: number; opened: number }> {
  const { rows } = await db.query<{ notified: string; opened: string }>(
    `SELECT count(*) AS notified,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM public_downloads p
               WHERE p.child_document_id = ANY(s.child_document_ids) AND p.visitor_id = s.visitor_id AND p.position > s.position)) AS opened
       FROM safety_notices s
      WHERE s.parent_change_id = $1 AND s.delivered`,
    [parentChangeId],
  );
  return { notified: Number(rows[0]?.notified ?? 0), opened: Number(rows[0]?.opened ?? 0) };
}

/** A change order's facts that make it a safety revision in effect, as the read model has them now (undefined: none). */
export async function safetyRevisionFacts(
  db: Queryable,
  parentChangeId: string,
): Promise<{ parentChangeId: string; documentId: string; status: string; active: boolean; safetyRevision: boolean; isInternal: boolean; effectiveDate: string } | undefined> {
  const { rows } = await db.query<{ id: string; document_id: string; status: string; active: boolean; safety_revision: boolean; is_internal: boolean; effective_date: string }>(
    `SELECT id, document_id, status, active, safety_revision, is_internal, to_char(effective_date, 'YYYY-MM-DD') AS effective_date FROM change_orders WHERE id = $1`,
    [parentChangeId],
  );
  const row = rows[0];
  return row && { parentChangeId: row.id, documentId: row.document_id, status: row.status, active: row.active, safetyRevision: row.safety_revision, isInternal: row.is_internal, effectiveDate: row.effective_date };
}
