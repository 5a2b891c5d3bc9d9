// public-portal/'s public entry: what the other features use of it (services/boundaries.js).
export { sealSearchLink } from './search-link';
export { emailDigest, forgetVisitor, openEmail, sealEmail, visitorFor, visitorKeys } from './visitors';
