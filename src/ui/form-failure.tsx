import { Text } from '@chakra-ui/react';

/** Why a form was not sent (the server's words, or the network's), said under its fields. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <Text color="fg.error" role="alert">
      {failure}
    </Text>
  ) : null;
}
