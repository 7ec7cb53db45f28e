export { StoreDatabase, storeName } from './db';
export type {
  MetaRow,
  OutboxCommand,
  OutboxEntry,
  OutboxError,
  OutboxFields,
  OutboxRegister,
  OutboxState,
  ReadRow,
  SnapshotRow,
  StoredCommand,
} from './db';
export { Store, StoreFullError } from './store';
export type { NewCommand, Settlement } from './store';
export { heldBehindParked, pendingState, project } from './projection';
export type { Fold, Projected } from './projection';
export { openReadCache, readCacheName } from './read-cache';
export type { ReadCacheStorage } from './read-cache';
