import { createHash, randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { Refusal } from '../platform/errors';
import { cleanFileName, isOnlyExtension, MAX_FILE_NAME, storedFileName } from './file-names';
import type { ByteBudget, FilePolicy, StagedFile } from '../platform/file-store';
import { type ContentType, sniff, SNIFF_BYTES } from './sniff';

// eslint-disable-next-line no-control-regex -- control characters in a file name are exactly what is refused
const UNSAFE_NAME = /[/\\]|\.\.|[\u0000-\u001f\u007f]/;

/**
 * The file fields as the forms name them (a refusal is written for a person, not in the request's field names); the
 * request's field is named in `fields`, where the form shows the message next to the field.
 */
const FIELD_NAMES: Record<string, string> = {
  customerLogo: 'The logo',
  parentLogo: 'The document logo',
  parentDocuments: 'A supporting file',
  childMainDocument: 'The document',
};
export const fileFieldName = (field: string) => FIELD_NAMES[field] ?? `The ${field}`;

/** A refusal of one file: `what` follows the field's name ('must be a PDF document'). */
const invalid = (policy: Pick<FilePolicy, 'field'>, what: string) => {
  const message = `${fileFieldName(policy.field)} ${what}`;
  return new Refusal({ code: 'file-invalid', message, fields: [{ field: policy.field, message }] });
};

/** '2 MB', '50 MB', '512 KB': the size limit as the refusal says it. */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Where one store keeps an upload while it streams in and is checked (a file under staging/, an object under staging/). */
export interface StagingSlot {
  /** Takes the bytes as they arrive; its backpressure slows the upload down. */
  readonly out: Writable;
  /** Resolves once every byte written to `out` (then ended) is kept. */
  kept(): Promise<void>;
  /** Removes whatever was written: nothing of a refused upload stays. */
  discard(): Promise<void>;
  /** The staged bytes, read again (a PDF's structure, an image's pixels). */
  read(): Readable;
  /** Where the staged bytes are, when on the local disk (a PDF's structure is read from there, not through a pipe). */
  readonly path?: string;
  /** Puts the re-encoded image in place of the staged bytes. */
  replace(bytes: Buffer): Promise<void>;
}

/**
 * The checks of `FileStore.stage`, the same for every store: the name, then the bytes as they stream into the store's
 * slot (size limit, budget, type sniffed from the first bytes, SHA-256), then the policy's whole-file checks. Any
 * refusal discards the slot before it is thrown.
 */
export async function stageUpload(
  input: Readable,
  policy: FilePolicy,
  clientName: string,
  budget: ByteBudget | undefined,
  openSlot: (stagedId: string) => Promise<StagingSlot>,
): Promise<StagedFile> {
  const cleanName = cleanFileName(clientName);
  if (UNSAFE_NAME.test(cleanName) || cleanName.length > MAX_FILE_NAME) {
    input.resume();
    throw invalid(policy, 'has a file name that is not allowed');
  }
  if (isOnlyExtension(cleanName)) {
    input.resume();
    throw invalid(policy, 'has no file name before its extension');
  }
  const stagedId = randomUUID();
  const slot = await openSlot(stagedId);
  const { out } = slot;
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: ContentType | undefined;
  const checkType = () => {
    type = sniff(head);
    if (!type || !policy.types.includes(type)) throw invalid(policy, `must be ${policy.typesInWords}`);
  };
  // Read chunk by chunk without destroying the part stream on a refusal: the rest of the request must drain, or the
  // multipart parser reports an abort instead of the refusal.
  const failure = await new Promise<unknown>((resolve) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.resume();
      resolve(error);
    };
    // The store failing to take the bytes (a full disk, an unreachable bucket) ends the upload too.
    out.on('error', fail);
    input.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        size += chunk.length;
        if (size > policy.maxBytes) throw invalid(policy, `must be at most ${sizeInWords(policy.maxBytes)}`);
        budget?.take(chunk.length);
        if (type === undefined) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          if (head.length >= SNIFF_BYTES) checkType();
        }
        hash.update(chunk);
        if (!out.write(chunk)) {
          input.pause();
          out.once('drain', () => input.resume());
        }
      } catch (error) {
        fail(error);
      }
    });
    input.once('end', () => {
      if (failed) return;
      try {
        if (size === 0) throw invalid(policy, 'is an empty file');
        if (type === undefined) checkType();
        resolve(undefined);
      } catch (error) {
        fail(error);
      }
    });
    input.once('error', fail);
  });
  try {
    if (failure) throw failure;
    out.end();
    await slot.kept();
    const originalName = storedFileName(cleanName, type!);
    if (policy.image) return await reencodeImage(slot, stagedId, type!, policy, originalName);
    if (policy.verify) {
      const problem = await policy.verify({ read: () => slot.read(), path: slot.path }).catch((error: unknown) => String(error));
      if (problem) throw invalid(policy, `must be ${policy.typesInWords}`);
    }
    return { stagedId, sha256: hash.digest('hex'), contentType: type!, size, originalName };
  } catch (error) {
    await slot.discard();
    throw error;
  }
}

/**
 * Decodes a staged image whole and keeps a fresh encoding of its pixels in its place: a file
 * with an image's first bytes and anything else after them is refused, and so is one larger than the policy's
 * dimensions, judged from its header before any pixel is decoded (a decompression bomb never expands). The staged
 * bytes are read into memory: at most the policy's size limit.
 */
async function reencodeImage(slot: StagingSlot, stagedId: string, type: ContentType, policy: FilePolicy, originalName: string): Promise<StagedFile> {
  const { maxWidth, maxHeight } = policy.image!;
  let encoded: Buffer;
  try {
    const staged = await buffer(slot.read());
    // The header first (no pixel decoded yet), then the pixels, never more of them than the policy allows.
    const { width, height } = await sharp(staged, { limitInputPixels: false }).metadata();
    if (!width || !height) throw invalid(policy, `must be ${policy.typesInWords}`);
    if (width > maxWidth || height > maxHeight) throw invalid(policy, `is too large: at most ${maxWidth} × ${maxHeight} pixels`);
    const oriented = sharp(staged, { limitInputPixels: maxWidth * maxHeight, failOn: 'error' }).rotate();
    encoded = await (type === 'image/png' ? oriented.png() : type === 'image/jpeg' ? oriented.jpeg({ quality: 90 }) : oriented.webp({ quality: 90 })).toBuffer();
  } catch (error) {
    throw error instanceof Refusal ? error : invalid(policy, `must be ${policy.typesInWords}`);
  }
  if (encoded.length > policy.maxBytes) throw invalid(policy, `must be at most ${sizeInWords(policy.maxBytes)}`);
  await slot.replace(encoded);
  return { stagedId, sha256: createHash('sha256').update(encoded).digest('hex'), contentType: type, size: encoded.length, originalName };
}
