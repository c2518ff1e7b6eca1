// Background Sync is not in TypeScript's WebWorker library yet.
interface SyncManager {
  register(tag: string): Promise<void>;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface ServiceWorkerRegistration {
  readonly sync?: SyncManager;
}
interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}
