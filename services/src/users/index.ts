// users/'s public entry: what the other features use of it (services/boundaries.js).
export { approverFacts } from './approver-facts';
export { usersVocabulary } from './audit';
export { bootstrapFirstAdmin, type BootstrapResult } from './bootstrap';
export { userDecider } from './decider';
export { claimEmail } from './email-claims';
export { decideCredentials, decideLogin, type CredentialDecision, type LoginRejection } from './login';
export { SET_PASSWORD_PURPOSES, UNLOCK_PURPOSES, findTokenUser, followTheLogForAll, issuePasswordLink, linkRowsFollowTheLog, linkSeal, newLinkToken, storeLinkToken, tokenHashSeal } from './password-links';
export { isPasswordActive, isPasswordExpired } from './password-policy';
export { executeUserStep, rekeyPrintedNameClaims, sharedPrintedNames } from './printed-name-claims';
export { PASSWORD_LINK_LIFETIME_MS, USED_CHALLENGES_KEPT_MS, evolve, foldUser, initialUserState, type EnrolledFactor, type OpenLink, type UserState } from './user';
