import { Box, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../ui/format';
import { OfflineIcon } from '../../ui/icons';

/** Shown when the console started from cached boot data (ARCHITECTURE.md: "as of <time>"). */
export function OfflineBanner({ savedAt }: { savedAt: number }) {
  const { t } = useLingui();
  const time = formatDateTime(savedAt);
  return (
    <Box
      role="status"
      bg="orange.subtle"
      color="orange.fg"
      px="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="orange.muted"
    >
      <HStack gap="2">
        <OfflineIcon />
        <Text fontSize="sm">
          {t({ id: 'shell.offline.banner', message: `Offline — showing data as of ${time}` })}
        </Text>
      </HStack>
    </Box>
  );
}
