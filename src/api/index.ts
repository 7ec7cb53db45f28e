export { ApiError, isApiError } from './errors';
export { api, callOnce, configureApi, createApiClient, startEarly, takeStarted } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export {
  storageKeys,
  readToken,
  writeToken,
  readHeaderInfo,
  writeHeaderInfo,
  readLanguage,
  writeLanguage,
  shareLanguage,
  clearOnLogout,
  readAccountSource,
  writeAccountSource,
  readActiveAccount,
  writeActiveAccount,
  clearActiveAccount,
  readAuthState,
  writeAuthState,
  clearAuthState,
  readReturnTo,
  writeReturnTo,
  clearReturnTo,
  readDefaultPath,
  writeDefaultPath,
} from './storage';
export type { HeaderInfo } from './storage';
