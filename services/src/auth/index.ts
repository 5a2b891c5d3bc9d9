// auth/'s public entry: what the other features use of it (services/boundaries.js).
export { USED_CHALLENGES_KEPT_MS, accountFold, evolve, foldUser, initialUserState, isPasswordActive, isPasswordExpired, type EnrolledFactor, type UserState } from './account';
export { guards, issueToken } from './authentication';
export { decideLogin, type LogIn } from './credential-decisions';
export { accountFacts, checkCredentials, credentialsDecider, loadAccount, onCredentials, type AccountFacts } from './credentials';
export { DeviceCookies } from './device-cookies';
export { hashPassword, passwordCheck, sealStoredPasswordHashes, setPassword, type PasswordHashing } from './password-hashes';
export { SET_PASSWORD_PURPOSES, UNLOCK_PURPOSES, consumeToken, findTokenUser, followTheLogForAll, issuePasswordLink, linkRowsFollowTheLog, linkSeal, newLinkToken, storeToken, tokenHashSeal } from './password-links';
export { MEMORY_RATE_LIMITS, postgresRateLimits, type RateLimitStores } from './rate-limit-stores';
export { HourlyBudget, InFlightLimit, perAddressLimit, perIpLimit, perIpPublicFileLimit, perLinkLimit, perUserAndTotalLimit, perUserUploadLimit } from './rate-limits';
export { CHALLENGE_LIFETIME_MS, readSecondFactorChallenge, type SecondFactorChallenge } from './second-factor-challenge';
export { decideEnrol, decideReset, type CodeMatch, type EnrolSecondFactor, type ResetSecondFactor } from './second-factor-decisions';
export { createSession, revokeOtherSessions, revokeUserSessions, type SessionCompanion } from './sessions';
export { offerUnlock } from './unlock';
export {
  approverChoiceRefusal,
  deciderRefusal,
  periodicReviewerRefusal,
  reassignmentRefusal,
  routedApprover,
  type ApproverFacts,
  type ApproverRouting,
  type Authorship,
  type RoutedApprover,
} from './approver-policy';
