// auth/'s public entry: what the other features use of it (services/boundaries.js).
export { guards, issueToken } from './authentication';
export { accountFacts, checkCredentials, credentialsDecider, loadAccount, onCredentials, type AccountFacts } from './credentials';
export { DeviceCookies } from './device-cookies';
export { hashPassword, passwordCheck, sealStoredPasswordHashes, setPassword, type PasswordHashing } from './password-hashes';
export { MEMORY_RATE_LIMITS, postgresRateLimits, type RateLimitStores } from './rate-limit-stores';
export { HourlyBudget, InFlightLimit, perAddressLimit, perIpLimit, perIpPublicFileLimit, perLinkLimit, perUserAndTotalLimit, perUserUploadLimit } from './rate-limits';
export { createSession, revokeOtherSessions, revokeUserSessions } from './sessions';
export { offerUnlock } from './unlock';
