/**
 * The page-start script: the build writes it into index.html as a small inline script (see
 * `pageStart` in vite.config.ts), so it runs while the browser is still reading the console's
 * code. For a signed-in user it
 * - sends the token check, the start-up data and the first screen's reads (`src/api/page-start`:
 *   the console takes their answers instead of asking again);
 * - has the first screen's code fetched with the console's (`<link rel="modulepreload">`, from the
 *   list the build writes beside it), without waiting for the router to ask for it.
 */
import { sendAtPageStart } from '../api/page-start';
import { readActiveAccount, readLanguage, readToken } from '../api/storage';
import { dashboardFirstCalls } from '../features/dashboard';
import { parseSignInQuery } from '../machines/sign-in-query';
import { routeOfHash } from './first-screen';
import { firstChunksId } from './first-screen-modules';

const firstCalls: Record<string, readonly (readonly [Parameters<typeof sendAtPageStart>[0], unknown])[]> = {
  '/cdn/dashboard': dashboardFirstCalls,
};

function chunksOf(route: string): string[] {
  try {
    const map: unknown = JSON.parse(document.getElementById(firstChunksId)?.textContent ?? '{}');
    const files = (map as Record<string, unknown>)[route];
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

function start(): void {
  const route = routeOfHash(location.hash);
  // With or without a sign-in: the console that sends the user to sign in comes back to it.
  for (const href of chunksOf(route)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const token = readToken();
  if (token === null || parseSignInQuery(location.search) !== null) return;
  const language = readLanguage();
  const caller = { token, language, viewAccount: readActiveAccount() };
  sendAtPageStart('identityValidate', undefined, caller);
  sendAtPageStart('consoleBoot', undefined, caller);
  for (const [name, input] of firstCalls[route] ?? []) sendAtPageStart(name, input, caller);
}

try {
  start();
} catch {
  // The console starts as it would without this script.
}
