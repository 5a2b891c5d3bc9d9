import type { Readable } from 'node:stream';
import type { StoredFile } from '@ifu/contracts';
import type { SignedFileUrls } from './signed-file-urls';

/** The types an upload may be, recognised by their bytes (files/sniff.ts). */
export type ContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** What one use of an upload accepts (a customer logo, a document): types by their bytes, and a size limit. */
export interface FilePolicy {
  /** The form field: named in a refusal's `fields`, its message in the form's words ('The logo must be at most 2 MB'). */
  field: string;
  types: readonly ContentType[];
  /** Shown in the refusal: 'a PNG, JPEG or WebP image'. */
  typesInWords: string;
  maxBytes: number;
  /**
   * Images: decoded whole (a file that only starts like an image is refused), at most this many pixels each way, and
   * stored as a fresh encoding of the decoded pixels (no metadata, nothing but the image carried over).
   */
  image?: { maxWidth: number; maxHeight: number };
  /**
   * Reads the staged file's structure (documents: a PDF that parses): a file that only starts
   * like its type is refused. Answers why it is not one, or undefined when it is.
   */
  verify?: (file: StagedBytes) => Promise<string | undefined>;
}

/** A staged file's bytes for `FilePolicy.verify`: read as a stream, or where the local disk keeps them. */
export interface StagedBytes {
  read(): Readable;
  /** Set by a store that keeps staged files on the local disk. */
  path?: string;
}

/** Bytes a request may still stage (a user's staging quota): `take` throws the refusal once they are spent. */
export interface ByteBudget {
  take(bytes: number): void;
}

/** An upload written to the staging area, checked against its policy, not yet part of any record. */
export interface StagedFile extends StoredFile {
  /** Opaque id of the staged copy. */
  stagedId: string;
  /** The name the client gave, cleaned (files/file-names.ts), for display only; never used as a path. */
  originalName: string;
}

export interface OpenedFile {
  size: number;
  /** The bytes; the stream errors at its end if they do not hash to the recorded SHA-256. */
  stream: Readable;
}

export interface SignedUrlOptions {
  /** Seconds the link works. */
  ttlSeconds: number;
  /** Offered to the browser as the download name. */
  filename?: string;
}

/**
 * The file-store port (architecture §5): uploads are staged while they stream in (type sniffed against the use's
 * allow-list, size limited), committed under their SHA-256 once the record that uses them is saved, opened with
 * their checksum verified, and reachable through short-lived signed URLs served by the API. Two stores implement it:
 * the local disk (the default) and an S3-compatible bucket (FILE_STORE=s3), chosen in files/open-file-store.ts. Declared here, as the app context carries it (platform/ports.ts says why).
 */
export interface FileStore {
  /**
   * Streams an upload into staging; refuses (and keeps nothing) when it is empty, too large, of another type, not
   * what its type says (`policy.verify`), or over the budget. The name is kept as UTF-8 NFC without control or
   * bidirectional characters, and ends in its type's extension (`.pdf`).
   */
  stage(input: Readable, policy: FilePolicy, originalName: string, budget?: ByteBudget): Promise<StagedFile>;
  /** Makes a staged file permanent under its content address (stored once, however often it is uploaded). */
  commit(staged: StagedFile): Promise<StoredFile>;
  /** Whether a staged file is still there (an upload kept for a later request may have been swept). */
  isStaged(stagedId: string): Promise<boolean>;
  /**
   * The bytes of a staged file (text extraction reads them before any record uses the file); undefined when it is no
   * longer staged (committed or swept since it was asked about).
   */
  openStaged(stagedId: string): Promise<Readable | undefined>;
  /** Removes a staged file that no record uses (a refused request, an abandoned upload). */
  deleteStaged(stagedId: string): Promise<void>;
  /** Staged files older than `olderThanMs`, removed; returns how many. */
  deleteStagedOlderThan(olderThanMs: number, now: Date): Promise<number>;
  open(sha256: string): Promise<OpenedFile>;
  /**
   * The product's signed links to stored files, and their check: the same whichever store keeps the bytes, so that a
   * screen's answer signs a link without reaching the store.
   */
  readonly urls: SignedFileUrls;
  /** Committed and staged files (tests prove refused requests left nothing behind). */
  count(): Promise<{ stored: number; staged: number }>;
  /** Every committed file's content address, in no particular order (backup). */
  listStored(): AsyncIterable<string>;
  /** Stores `input` as the committed file `sha256` (restore); refused, and nothing kept, when its bytes hash to something else. */
  putStored(sha256: string, input: Readable): Promise<void>;
}
