import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A change that needs a connection, said where its button is. */
export function OfflineNote() {
  const { t } = useLingui();
  return (
    <Text fontSize="sm" color="fg.warning" role="status">
      {t({
        id: 'user.offline.change',
        message: 'This needs a connection: changes of sub-accounts go straight to the server.',
      })}
    </Text>
  );
}
