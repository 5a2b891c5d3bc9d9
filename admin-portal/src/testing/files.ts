import { makePdf } from '../../../test-support/documents';
import { PNG_1X1 } from '../../../test-support/images';

/** Files a person picks in a route-level test: DOM Files (jsdom's), which the screens' uploads send as they are. */
export const logoFile = (name = 'logo.png') => new File([new Uint8Array(PNG_1X1)], name, { type: 'image/png' });

/** A small one-page PDF with its name as its text. */
export const pdfFile = async (name = 'document.pdf') => new File([new Uint8Array(await makePdf(name))], name, { type: 'application/pdf' });
