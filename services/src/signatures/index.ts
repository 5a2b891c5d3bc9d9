// signatures/'s public entry: what the other features use of it (services/boundaries.js).
export { approverChoiceRefusal, deciderRefusal, periodicReviewerRefusal, type ApproverFacts, type Authorship } from './approver-policy';
export { recordViews } from './record-views';
export { UNSIGNED, decideSigned, sign } from './signatures';
