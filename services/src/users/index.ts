// users/'s public entry: what the other features use of it (services/boundaries.js).
export { approverFacts, approverRouting } from './approver-facts';
export { approverChoices } from './approver-list';
export { usersVocabulary } from './audit';
export { bootstrapFirstAdmin, type BootstrapResult } from './bootstrap';
export { userDecider } from './user-decider';
export { claimEmail } from './claims/email-claims';
export { executeUserStep, rekeyPrintedNameClaims, sharedPrintedNames } from './claims/printed-name-claims';
