import { useEffect, useState } from 'react';

/** An object URL for a Blob (or File), revoked when the Blob changes or the component unmounts. */
export const useObjectUrl = (blob: Blob | null | undefined): string | undefined => {
  const [url, setUrl] = useState<{ blob: Blob; href: string }>();
  useEffect(() => {
    if (!blob) return undefined;
    const href = URL.createObjectURL(blob);
    setUrl({ blob, href });
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  // Never answer the URL of a previous Blob (it may be revoked already).
  return url && url.blob === blob ? url.href : undefined;
};
