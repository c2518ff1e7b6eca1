interface ImportMetaEnv {
  /** Set by vite.config.ts for every build: busts the persisted query cache of older builds. */
  readonly EARNEST_BUILD_ID?: string;
  /** Firebase Cloud Messaging's web configuration as JSON, or '' (standard Web Push). */
  readonly EARNEST_FIREBASE_CONFIG: string;
}
