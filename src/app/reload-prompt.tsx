import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** A new service worker is waiting: offer to reload, without blocking the page. */
function ReloadNotice() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      bottom="4"
      insetEnd="4"
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="lg"
      boxShadow="lg"
      p="4"
      maxW="360px"
    >
      <Text mb="3">{t({ id: 'shell.update.available', message: 'A new version is available' })}</Text>
      <HStack justify="flex-end">
        <Button size="sm" variant="outline" onClick={() => setNeedRefresh(false)}>
          {t({ id: 'shell.update.later', message: 'Later' })}
        </Button>
        <Button size="sm" colorPalette="blue" onClick={() => void updateServiceWorker(true)}>
          {t({ id: 'shell.update.reload', message: 'Update now' })}
        </Button>
      </HStack>
    </Box>
  );
}

/** The service worker is registered in production builds only. */
export function ReloadPrompt() {
  return import.meta.env.PROD ? <ReloadNotice /> : null;
}
