import type { ErrorRequestHandler, RequestHandler } from 'express';
import { WrongExpectedVersionError } from '@ifu/storage/event-store/event-store';
import { ReadModelTimeoutError } from '@ifu/projections';
import { HttpError } from './http-errors';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one place where errors become HTTP answers: always `{ "message": "..." }`. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const parserType = (error as BodyParserError)?.type;
  let status = 500;
  let message = 'Something went wrong on the server. The request id is in the X-Request-Id header.';
  if (error instanceof HttpError) {
    status = error.status;
    message = error.message;
  } else if (parserType === 'entity.parse.failed') {
    status = 400;
    message = 'Request body is not valid JSON';
  } else if (parserType === 'entity.too.large') {
    status = 400;
    message = 'Request body is too large';
  } else if (parserType === 'encoding.unsupported' || parserType === 'charset.unsupported') {
    status = 400;
    message = 'Request body encoding is not supported';
  } else if (error instanceof WrongExpectedVersionError) {
    status = 409;
    message = 'Someone else changed this record at the same time. Reload and try again.';
  } else if (error instanceof ReadModelTimeoutError) {
    status = 503;
    message = 'The change was saved but the screens are slow to show it. Reload in a moment.';
  }
  if (status >= 500) req.log?.error({ err: error }, 'request failed');
  else req.log?.info({ status, message }, 'request refused');
  // A failure in the middle of a streamed answer (the audit CSV) can only cut the connection.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ message });
};

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No such endpoint: ${req.method} ${req.path}` });
};
