import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { getBlob, uploadPath } from '../lib/api';

type Props = {
  /** The upload's id or its URL as the server lists it; nothing shows a placeholder. */
  source: string | null | undefined;
  alt: string;
  width?: number;
  testId?: string;
};

/**
 * An uploaded image (deposit proof, identity photo). Uploads are served only with the operator's
 * token, which an <img src> cannot send, so the bytes are fetched through the API client and shown
 * through an object URL that is released when the image leaves the screen.
 */
export function AuthedImage({ source, alt, width = 280, testId }: Props) {
  const path = source ? safePath(source) : null;
  const blob = useQuery({
    queryKey: ['upload', path],
    queryFn: ({ signal }) => getBlob(path!, signal),
    enabled: path !== null,
    // An upload never changes under its id.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!blob.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);

  // The test id sits on a wrapper in every state; `data-state` tells a browser test which one it is.
  const state = !source ? 'missing' : !path || blob.isError ? 'error' : url ? 'loaded' : 'loading';
  return (
    <div data-testid={testId} data-state={state} style={{ display: 'inline-block' }}>
      {!source ? (
        <Alert type="warning" showIcon title={`No ${alt.toLowerCase()} was uploaded.`} />
      ) : !path ? (
        <Alert type="error" showIcon title={`The ${alt.toLowerCase()} link is not an API address.`} />
      ) : blob.isError ? (
        <Alert type="error" showIcon title={`${alt}: ${blob.error.message}`} />
      ) : !url ? (
        <Skeleton.Image active style={{ width, height: Math.round(width * 0.66) }} />
      ) : (
        <Image
          src={url}
          alt={alt}
          width={width}
          style={{ objectFit: 'contain', background: '#fafafa', border: '1px solid #f0f0f0' }}
        />
      )}
    </div>
  );
}

function safePath(source: string): string | null {
  try {
    return uploadPath(source);
  } catch {
    return null;
  }
}
