// audit/'s public entry: what the other features use of it (services/boundaries.js).
export { formatAuditDate, parseAuditDate } from './audit-dates';
export { verifyAndCheckpoint, type AuditVerification } from './checkpoints';
export { quarantineEvent } from './quarantine';
export { checkReadModels, describeReadModelCheck } from './read-model-check';
export { ERASED_VISITOR } from './report';
