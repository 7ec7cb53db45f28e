import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Language } from '../contract';
import { system } from '../ui/system';
import { AppToaster } from '../ui/toaster';
import { Boot } from './boot';
import { PasswordConfirmHost } from './password-confirm/password-confirm-host';
import { ReloadPrompt } from './reload-prompt';

/** Providers and the boot sequence: sign-in, boot data, then the routed console. */
export function App({ language }: { language: Language }) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <Boot language={language} />
        <AppToaster />
        <PasswordConfirmHost />
        <ReloadPrompt />
      </I18nProvider>
    </ChakraProvider>
  );
}
