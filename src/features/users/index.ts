import { loadCatalogPart } from '../../i18n';
// The first load carries only the reading of the detail's address; the screens and their texts
// load when one of them is opened.
export { parseUserDetailSearch, userDetailHref } from './search';
export type { UserDetailTab } from './search';

const withTexts = <T>(load: () => Promise<T>) =>
  Promise.all([load(), loadCatalogPart('users')]).then(([m]) => m);

/** Sub-accounts (spec §2 /cdn/user/list). */
export const loadUserListScreen = () => withTexts(() => import('./user-list-screen'));
/** Create sub-account (spec §2 /cdn/user/create): fill in info, assign permissions, done. */
export const loadUserCreateScreen = () => withTexts(() => import('./user-create-screen'));
/** A sub-account's profile, permissions and security (spec §2 /cdn/user/detail/{id}). */
export const loadUserDetailScreen = () => withTexts(() => import('./user-detail-screen'));
/** The account center: the active account's details and the signed-in account's security. */
export const loadAccountCenterScreen = () => withTexts(() => import('./account-center-screen'));
/** The confirmation of the password that calls needing a recent sign-in ask for (the API client's `confirmPassword`). */
export const loadPasswordConfirmDialog = () => withTexts(() => import('./password-confirm-dialog'));
