// The audit vocabulary every feature contributes lives in platform/audit-vocabulary.ts; this path re-exports it for
// the files that still import it here (documents/, customers/, signatures/, audit-review/) until they import
// platform/audit-vocabulary.
export * from '../platform/audit-vocabulary';
