import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../platform/config';
import type { FileStore } from '../platform/file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/** The file store the configuration names (FILE_STORE): the local disk unless it says s3; an S3 bucket is checked first. */
export async function openFileStore(config: Config, signingKey: string): Promise<FileStore> {
  const publicBaseUrl = config.PUBLIC_API_URL;
  if (config.FILE_STORE === 'local') return new LocalFileStore({ directory: config.FILES_DIR, publicBaseUrl, signingKey });
  const store = new S3FileStore({ client: s3ClientOf(config), bucket: config.S3_BUCKET!, publicBaseUrl, signingKey });
  await store.checkBucket();
  return store;
}

export function s3ClientOf(config: Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): S3Client {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Every read is hashed against the SHA-256 the record holds (the integrity check that matters); the SDK's own
    // CRC trailers (aws-chunked uploads) are left to where S3 requires them, as not every S3-compatible server reads them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
