// signatures/'s public entry: what the other features use of it (services/boundaries.js).
export { approverChoiceRefusal, deciderRefusal, periodicReviewerRefusal, type ApproverFacts, type Authorship } from './approver-policy';
export { recordViews, signed, type SignedCommand, type Signer } from './signed-step';
