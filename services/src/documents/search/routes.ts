import { Router } from 'express';
import {
  DOCUMENT_MESSAGES,
  type ProductsByCustomerResponse,
  SEARCH_RESULTS_MAX,
  SearchDocumentsRequest,
  type SearchDocumentsResponse,
} from '@ifu/contracts';
import { findCustomerById, findCustomerByName, productFamiliesOfCustomer, searchDocuments, searchWords } from '@ifu/projections';
import { QUERY_CANCELED, withStatementTimeout } from '@ifu/storage/database/database';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, parseBody } from '../../platform/http';
import { markedStems, snippetOf } from './search-snippet';

/** A search that runs longer is cancelled (SQLSTATE 57014, query_canceled) and refused. */
const SEARCH_TIMEOUT_MS = 3000;

/** The internal search and the products of a customer (spec §2.12, §7.3). */
export function searchRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  router.post('/document/searchDocuments', loggedIn, async (req, res) => {
    const criteria = parseBody(SearchDocumentsRequest, req.body);
    const db = await ctx.reads.for(req);
    let customerIds: string[] | undefined;
    if (criteria.customerName) {
      const customer = await findCustomerByName(db, criteria.customerName);
      customerIds = customer ? [customer.id] : [];
    }
    const now = ctx.clock();
    const words = searchWords(criteria.keywords);
    const search = {
      keywords: criteria.keywords,
      changeOrderNo: criteria.changeOrderNo,
      productName: criteria.productName,
      customerIds,
      archive: criteria.archive,
      today: now.toISOString().slice(0, 10),
      limit: SEARCH_RESULTS_MAX,
      snippetStems: markedStems(words),
    };
    let hits;
    try {
      // A bound on any one search, so that no query a user can write holds the database for the others.
      hits = await withStatementTimeout(db, SEARCH_TIMEOUT_MS, (bounded) => searchDocuments(bounded, search));
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) refuse('search-too-costly');
      throw error;
    }
    const list = hits.map(({ snippetSource, ...hit }) => {
      if (snippetSource === null) return { ...hit, snippet: [] };
      const inText = snippetOf(snippetSource, words);
      return { ...hit, snippet: inText.length > 0 ? inText : snippetOf(`${hit.changeDescription} ${hit.keywords}`, words) };
    });
    res.json({ data: { list }, ...(list.length === 0 ? { message: DOCUMENT_MESSAGES.noDataFound } : {}) } satisfies SearchDocumentsResponse);
  });

  router.get('/document/getProductByCustomer/:id', loggedIn, async (req, res) => {
    const db = await ctx.reads.for(req);
    const customer = await findCustomerById(db, idParam(req, 'id', 'customer-not-found'));
    if (!customer) refuse('customer-not-found');
    res.json({ data: { list: await productFamiliesOfCustomer(db, customer.id) } } satisfies ProductsByCustomerResponse);
  });

  return router;
}
