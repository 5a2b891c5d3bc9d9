// api-docs/'s public entry: what the other features use of it (services/boundaries.js).
export { openApiDocument } from './openapi-document';
