// safety-notices/'s public entry: what the other features use of it (services/boundaries.js).
export { startSafetyNotices } from './commands';
