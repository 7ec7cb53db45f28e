import { Text } from '@chakra-ui/react';
import { formatDateTime } from '../../ui/format';

/** Who made a change, and when under it. */
export function Stamp({ by, at }: { by: string; at: string }) {
  return (
    <>
      {by}
      <Text fontSize="xs" color="fg.muted">
        {formatDateTime(at)}
      </Text>
    </>
  );
}
