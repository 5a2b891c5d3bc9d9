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
