interface ImportMetaEnv {
  /** Set by vite.config.ts for every build: busts the persisted query cache of older builds. */
  readonly EARNEST_BUILD_ID?: string;
}
