import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  api,
  configureApi,
  readActiveAccount,
  readLanguage,
  readToken,
  shareLanguage,
  startEarly,
} from '../api';
import type { Envelope, Language, OutputOf } from '../contract';
import { activateLanguage } from '../i18n';
import { parseSignInQuery } from '../machines/sign-in-query';
import { notify } from '../ui/toaster';
import { routeOfHash } from './first-screen';
import { leaveForSignIn } from './leave-for-sign-in';
import { requestPasswordConfirm } from './password-confirm/request';

/**
 * What the console starts the moment its first script runs, before the rest of its code has been
 * evaluated (main.tsx imports this module first): the language, the API client, and, for a
 * signed-in user, the token check and the start-up data, so that none of them waits for another
 * or for the code of the screens. The screen's code and its own calls follow as soon as the
 * console's code is ready (`startScreen`).
 */
const networkError = msg({ id: 'common.error.network', message: 'Network error. Please try again later.' });

export const language: Language = readLanguage();
shareLanguage(language);
/** Resolves once the catalog is active: at once for the default language. */
export const languageReady = activateLanguage(language);

configureApi({
  getToken: readToken,
  getLanguage: readLanguage,
  getViewAccount: readActiveAccount,
  notifyError: (message) => notify('error', message),
  redirect: leaveForSignIn,
  networkErrorText: () => i18n._(networkError),
  confirmPassword: requestPasswordConfirm,
});

/** A sign-in that just came back from the portal starts with its code: nothing can start before it. */
const returningFromSignIn = parseSignInQuery(location.search) !== null;
const signedIn = readToken() !== null && !returningFromSignIn;

let validation: Promise<Envelope<OutputOf<'identityValidate'>>> | null = signedIn
  ? api.identity.validate()
  : null;
// Rejections are read by whoever takes the answer; until then they are not unhandled.
validation?.catch(() => {});
if (signedIn) startEarly('consoleBoot');

/** The route the page opened on. Its first reads were sent by the page start (app/page-start). */
export const firstRoute = routeOfHash(location.hash);

/** The token check started with the page, once (a later check asks afresh). */
export function takeEarlyValidation() {
  const taken = validation;
  validation = null;
  return taken;
}

/** Whether the page started with a stored sign-in (and no code to exchange first). */
export const startedSignedIn = signedIn;
