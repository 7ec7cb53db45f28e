import type { TokenEntry } from '../../contract/users';

/**
 * spec §5: deleting a token requires typing a confirmation text. The text is the user name the
 * token acts as, as the list shows it: the one thing the user reads off the row before removing
 * it, so the name they type is the name of the token they mean. Letter case counts; blanks typed
 * around it do not.
 */
export const confirmationText = (token: Pick<TokenEntry, 'user_name'>): string => token.user_name;

/** Whether `typed` unlocks the delete button of `token`. */
export const deletionConfirmed = (typed: string, token: Pick<TokenEntry, 'user_name'>): boolean =>
  typed.trim() !== '' && typed.trim() === confirmationText(token);
