// The file-store port lives in platform/file-store.ts (the app context carries it); this path re-exports it for the
// files that still import it here (documents/, customers/) until they import platform/file-store.
export * from '../platform/file-store';
