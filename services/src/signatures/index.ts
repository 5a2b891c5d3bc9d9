// signatures/'s public entry: what the other features use of it (services/boundaries.js).
export { recordViews, signed, type Signer } from './signed-step';
