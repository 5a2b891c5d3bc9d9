/** An error with the HTTP status and the `message` the client shows (spec §8: clients show `data.message`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const locked = (message: string) => new HttpError(423, message);
export const tooManyRequests = (message = 'Too many requests, please try again later') => new HttpError(429, message);
