import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ToolIcon } from '../../ui/icons';

/** One screen for every function that this version does not offer yet. */
export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <Stack
      as="section"
      align="center"
      textAlign="center"
      gap="4"
      py="16"
      px="4"
      bg="bg"
      borderRadius="lg"
      borderWidth="1px"
      aria-labelledby="not-available-title"
    >
      <ToolIcon size={48} />
      <Heading as="h1" size="xl" id="not-available-title">
        {title}
      </Heading>
      <Text fontSize="lg">
        {t({
          id: 'notAvailable.screen.message',
          message: 'This function is not available yet in this version. Stay tuned.',
        })}
      </Text>
      <Text color="fg.muted" maxW="520px">
        {t({
          id: 'notAvailable.screen.hint',
          message:
            'It will arrive in a coming version of the console. Meanwhile, the overview shows your account and domains.',
        })}
      </Text>
      <Button asChild colorPalette="blue">
        <a href="#/cdn/dashboard">{t({ id: 'notAvailable.screen.back', message: 'Back to the overview' })}</a>
      </Button>
    </Stack>
  );
}
