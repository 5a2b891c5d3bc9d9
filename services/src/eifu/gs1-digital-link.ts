import { createRequire } from 'node:module';

/**
 * GS1's own library for GS1 Digital Link URIs (`digital-link.js`: the grammar of the standard and its check digits),
 * typed here for the part the eIFU site uses: the package ships no types.
 */
export interface DigitalLinkInstance {
  /** The GS1 grammar and every check digit. */
  isValid(): boolean;
  getIdentifier(): Record<string, string>;
  getKeyQualifiers(): Record<string, string>;
  toWebUriString(): string;
}

type DigitalLinkInput = string | { domain: string; identifier: Record<string, string>; keyQualifiers?: Record<string, string> };

const library = createRequire(import.meta.url)('digital-link.js') as { DigitalLink: (input: DigitalLinkInput) => DigitalLinkInstance };

export const DigitalLink = (input: DigitalLinkInput): DigitalLinkInstance => library.DigitalLink(input);

const utilities = createRequire(import.meta.url)('digital-link.js') as {
  Utils: { isCompressedWebUri(uri: string): boolean; decompressWebUri(uri: string): string };
};

/** A GS1 compressed Digital Link's path segment: base64url characters only (the standard's alphabet). */
export const COMPRESSED_SEGMENT = /^\/[A-Za-z0-9_-]{8,150}$/;

/**
 * The uncompressed Digital Link of a compressed one (`https://domain/CwdMZMwAktRZyf23AGuvY`), by GS1's own
 * decompression; undefined when the address is not one (GS1's toolkit throws on anything it cannot read).
 */
export function decompressDigitalLink(uri: string): string | undefined {
  try {
    return utilities.Utils.isCompressedWebUri(uri) ? utilities.Utils.decompressWebUri(uri) : undefined;
  } catch {
    return undefined;
  }
}
