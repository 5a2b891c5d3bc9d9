// mail/'s public entry: what the other features use of it (services/boundaries.js).
export { AnonymousMail } from './anonymous-mail';
export { createMailer, type MailAnnouncer } from './mailer';
export { forgetAddressInOutbox, outboxDirOf, readableText } from './outbox';
export { SharedMailBudget } from './shared-mail-budget';
