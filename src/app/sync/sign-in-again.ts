import { readAccountSource } from '../../api';
import { leaveForSignIn } from '../sign-in';

/** Each source signs in on its own page (spec §4), so the user is not sent to the wrong form. */
const signInAddress = {
  portal: '/portal/login?redirect_uri=%2F',
  canvas: '/canvas/login?redirect_uri=%2F',
} as const;

/**
 * The sender needs a valid sign-in of the account that made the edits: off to the sign-in page,
 * back to this route afterwards (the return route is kept by `leaveForSignIn`).
 */
export function signInAgain(): void {
  leaveForSignIn(signInAddress[readAccountSource()]);
}
