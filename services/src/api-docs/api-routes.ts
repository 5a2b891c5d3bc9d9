// The route description every feature fills in lives in platform/api-routes.ts; this path re-exports it for the
// files that still import it here (documents/, customers/, audit-review/) until they import platform/api-routes.
export * from '../platform/api-routes';
