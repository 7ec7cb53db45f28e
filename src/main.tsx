import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createRoot } from 'react-dom/client';
import { configureApi, readActiveAccount, readLanguage, readToken, shareLanguage } from './api';
import { App, leaveForSignIn } from './app';
import { activateLanguage } from './i18n';
import { notify } from './ui/toaster';

const networkError = msg({ id: 'common.error.network', message: 'network error' });

async function main() {
  const language = readLanguage();
  shareLanguage(language);
  await activateLanguage(language);
  configureApi({
    getToken: readToken,
    getLanguage: readLanguage,
    getViewAccount: readActiveAccount,
    notifyError: (message) => notify('error', message),
    redirect: leaveForSignIn,
    networkErrorText: () => i18n._(networkError),
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // No StrictMode: its double mount would start the sign-in twice, and an authorisation code
  // is single-use.
  createRoot(root).render(<App language={language} />);
}

void main();
