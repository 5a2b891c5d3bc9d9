// paper-copies/'s public entry: what the other features use of it (services/boundaries.js).
export { startOverdueReminders } from './commands';
