import { DigitalLink } from './gs1-digital-link';
import { gtin14, LOT_PATTERN } from '@ifu/contracts';
import type { Config } from '../platform/config';

/**
 * The addresses a label prints (EU 2021/2226): on the public domain, the customer portal's address (the
 * portal's server passes `/01/...` and `/p/...` to the API, `scripts/portal-server.ts` and the nginx template).
 */
type PublicBase = Pick<Config, 'PUBLIC_CUSTOMER_URL'>;

/** `/p/{documentNumber}`: the current version of the document this number names, for ever. */
export const permalinkPath = (documentNumber: string, version?: number) =>
  `/p/${encodeURIComponent(documentNumber)}${version === undefined ? '' : `/v/${version}`}`;

export const permalinkOf = (config: PublicBase, documentNumber: string, version?: number) => `${config.PUBLIC_CUSTOMER_URL}${permalinkPath(documentNumber, version)}`;

/**
 * The GS1 Digital Link URI of a device (`/01/{gtin-14}`), with its lot (`/10/{lot}`) when the lot can stand in a
 * barcode: built by GS1's own library, so the URI a label prints is one the resolver parses back.
 */
export function digitalLinkOf(config: PublicBase, gtin: string, lot?: string): string {
  const keyQualifiers = lot !== undefined && LOT_PATTERN.test(lot) ? { '10': lot } : undefined;
  return DigitalLink({ domain: config.PUBLIC_CUSTOMER_URL, identifier: { '01': gtin14(gtin) }, ...(keyQualifiers ? { keyQualifiers } : {}) }).toWebUriString();
}

/** What a child's label prints: its Digital Link (GTIN and its IFU Number as the lot) when it has a GTIN, else its permalink. */
export function labelUrlOf(config: PublicBase, child: { gtin?: string; associatedReferenceNumber: string; documentNumber: string }): string {
  return child.gtin ? digitalLinkOf(config, child.gtin, child.associatedReferenceNumber) : permalinkOf(config, child.documentNumber);
}
