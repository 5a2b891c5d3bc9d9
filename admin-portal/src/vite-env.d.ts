/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time fallback for the API origin when /config.json is missing or invalid. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
