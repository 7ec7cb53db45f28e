export { ApiError, isApiError } from './errors';
export { api, configureApi, createApiClient, startEarly, takeStarted } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { fetchApi } from './http';
export { callRequest } from './page-start';
export {
  storageKeys,
  readToken,
  writeToken,
  readHeaderInfo,
  writeHeaderInfo,
  readLanguage,
  writeLanguage,
  readColorMode,
  writeColorMode,
  type ColorModeChoice,
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
