export { SyncEngine } from './engine';
export type { SyncChannel, SyncEngineOptions, SyncMessage, SyncPhase, SyncStatus } from './engine';
export { createHttpTransport } from './transport';
export type { HttpTransportOptions, PushOutcome, PushRequest, PushTransport } from './transport';
export { defaultLeaderLock, memoryLocks, webLocks } from './leader';
export type { LeaderLock } from './leader';
export { classify } from './classify';
export { backoffDelay, parseRetryAfter } from './backoff';
