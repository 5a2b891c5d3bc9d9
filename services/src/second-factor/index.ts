// second-factor/'s public entry: what the other features use of it (services/boundaries.js).
export { issueSecondFactorChallenge } from './challenge';
export { decideCode, decideEnrol, decideReset, decideStartEnrolment, type CheckSecondFactorCode, type EnrolSecondFactor, type ResetSecondFactor, type StartSecondFactorEnrolment } from './decisions';
