import { Heading, Stack, Text } from '@chakra-ui/react';

/**
 * A screen that keeps its data and its pending changes on this device, shown when the browser
 * does not let the console store data here: its title and what the user can do about it.
 */
export function StorageUnavailable({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="4" role="alert">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text>{message}</Text>
    </Stack>
  );
}
