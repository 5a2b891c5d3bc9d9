// Values the global setup hands to test files through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A database created for this test run on the real server; absent when tests use embedded PGlite. */
    testDatabaseUrl: string | undefined;
    /** On the server: the template database, migrated once for the run, each test database is copied from. */
    testDatabaseTemplate: string | undefined;
    /** Embedded: the migrated PGlite data directory as a tarball, which each worker's PGlite starts from. */
    embeddedSnapshotTarball: string | undefined;
    /** The API process the admin portal's route-level tests (`*.ui.test.tsx`) render against (ui-api-setup.ts). */
    uiApi: { url: string; dataDir: string; adminEmail: string; adminPassword: string };
  }
}

export {};
