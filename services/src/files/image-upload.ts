import type { RequestHandler } from 'express';
import multer from 'multer';
import { badRequest } from '../platform/http-errors';
import { type ImageType, sniffImage } from './file-store';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * Multipart parsing for a form with one optional image field: text fields in `req.body`, the image in memory, at
 * most 2 MB. Every multipart problem becomes a 400 naming the field.
 */
export function singleImageUpload(field: string): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    // Keep the name as sent, so a name with path parts can be refused instead of silently cut down.
    preservePath: true,
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 32 },
  }).single(field);
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(badRequest(`${field} must be at most 2 MB`));
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return next(badRequest(`Only one file is accepted, in the field ${field}`));
        return next(badRequest(`${field}: ${error.message}`));
      }
      return next(badRequest(`The form could not be read: ${(error as Error).message}`));
    });
  };
}

/** Checks an uploaded image: a safe file name, not empty, and PNG, JPEG or WebP by its bytes. */
export function acceptedImage(file: Express.Multer.File | undefined, field: string): { bytes: Buffer; type: ImageType } | undefined {
  if (!file) return undefined;
  const name = file.originalname ?? '';
  // eslint-disable-next-line no-control-regex -- control characters in a file name are exactly what is refused
  if (/[/\\]|\.\.|[\u0000-\u001f]/.test(name)) throw badRequest(`${field} has a file name that is not allowed`);
  if (file.size === 0) throw badRequest(`${field} is an empty file`);
  const type = sniffImage(file.buffer);
  if (!type) throw badRequest(`${field} must be a PNG, JPEG or WebP image`);
  return { bytes: file.buffer, type };
}
