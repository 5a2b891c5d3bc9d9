// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types: its declaration must reach every project that compiles this file
/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port';

/** Credentials s3rver checks signatures with. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** The configuration of FILE_STORE=s3 against this server (as the environment gives it). */
  env: Record<string, string>;
  bucket: string;
  /** Where the server keeps an object's bytes on disk: tests age a staged upload by its modification time there. */
  objectPath(key: string): string;
  stop(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket, keeping its objects in a temp directory. */
export async function startS3Server(bucket = 'ifu-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'ifu-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return {
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    bucket,
    // s3rver's file-system layout: <directory>/<bucket>/<key>._S3rver_object
    objectPath: (key) => join(directory, bucket, `${key}._S3rver_object`),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
