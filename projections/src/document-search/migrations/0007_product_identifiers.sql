-- The product identifiers of an eIFU (EU 2021/2226): a child's GTIN as 14 digits, further lots and serial ranges. The
-- GS1 Digital Link resolver finds a device's public leaflets by its GTIN: a partial index holds only the children that
-- have one.
ALTER TABLE document_search ADD COLUMN gtin text NOT NULL DEFAULT '';
ALTER TABLE document_search ADD COLUMN additional_lots text NOT NULL DEFAULT '';
ALTER TABLE document_search ADD COLUMN serial_ranges text NOT NULL DEFAULT '';
CREATE INDEX document_search_gtin ON document_search (gtin) WHERE gtin <> '';
-- The permalinks (/p/{documentNumber}) find a document by its number.
CREATE INDEX document_search_document_number ON document_search (upper(document_number));
