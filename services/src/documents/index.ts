// documents/'s public entry: what the other features use of it (services/boundaries.js).
export { accessibilityMailSubject } from './accessibility/routes';
export { changeOrderNumbersDecider } from './authoring/change-order-numbers';
export { UPLOAD_KEPT_MS } from './authoring/document-upload';
export { forgetStagedUploadsBefore } from './authoring/upload-staging';
export { verifyVisitorDocumentLink, visitorDocumentLink } from './downloads/document-links';
export { startPeriodicReviewReminders } from './periodic-review/reminders';
export { pdfTextLimits } from './search/pdf-text';
export { DocumentTextQueue } from './search/text-queue';
