// documents/'s public entry: what the other features use of it (services/boundaries.js).
export { changeOrderNumbersDecider } from './change-order-numbers';
export { accessibilityMailSubject } from './commands';
export { verifyVisitorDocumentLink, visitorDocumentLink } from './document-links';
export { UPLOAD_KEPT_MS } from './document-upload';
export { pdfTextLimits } from './pdf-text';
export { startPeriodicReviewReminders } from './periodic-review';
export { DocumentTextQueue } from './text-queue';
export { forgetStagedUploadsBefore } from './upload-staging';
