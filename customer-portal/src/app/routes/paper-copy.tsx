import { useEffect, useState } from 'react';
import { useConfig } from '../../config/config-context';
import { findPaperCopyDocument, type DocumentLookup } from '../../features/paper-copy/paper-copy-api';
import { PaperCopyForm } from '../../features/paper-copy/paper-copy-form';
import { common } from '../../messages/common';
import { paperCopyText as text } from '../../messages/paper-copy';
import { useLocation } from '../../lib/navigation';

/**
 * /paperCopy/:documentNumber (EU 2021/2226): a paper copy of a public document. The version is the page's
 * (`?version=` from a document page), else the one published today; the server refuses any other.
 */
export function PaperCopyPage({ documentNumber }: { documentNumber: string }) {
  const { apiUrl } = useConfig();
  const { search } = useLocation();
  const [lookup, setLookup] = useState<DocumentLookup>();

  useEffect(() => {
    const controller = new AbortController();
    setLookup(undefined);
    void findPaperCopyDocument(apiUrl, documentNumber, controller.signal).then((found) => {
      if (!controller.signal.aborted) setLookup(found);
    });
    return () => controller.abort();
  }, [apiUrl, documentNumber]);

  const asked = Number(new URLSearchParams(search).get('version') ?? '');
  const version = Number.isInteger(asked) && asked >= 1 && asked <= 9999 ? asked : lookup?.kind === 'found' ? lookup.document.version : undefined;

  return (
    <article className="page">
      <title>{common.title(text.pageTitle)}</title>
      <h1>{text.pageTitle}</h1>
      {lookup === undefined && <p role="status">{common.loading}</p>}
      {lookup?.kind === 'refused' && (
        <p className="notice" role="alert" data-testid="paper-copy-refused">
          {lookup.message}
        </p>
      )}
      {lookup?.kind === 'failed' && (
        <p className="status status--error" role="alert">
          {text.failed}
        </p>
      )}
      {lookup?.kind === 'found' && version !== undefined && (
        <>
          <p>{text.intro}</p>
          <dl className="facts facts--compact" data-testid="paper-copy-document">
            {(
              [
                [text.document, lookup.document.documentNumber],
                [text.version, String(version)],
                [text.family, lookup.document.productFamilyName],
                [text.docName, lookup.document.docName],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="facts__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <PaperCopyForm documentNumber={lookup.document.documentNumber} version={version} />
        </>
      )}
    </article>
  );
}
