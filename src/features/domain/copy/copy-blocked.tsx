import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { specialConfigMessage } from '../domain-messages';

export type CopyBlock = 'notFound' | 'deleted' | 'specialConfig' | 'unsynced';

/** Why this domain's configuration cannot be copied (spec §6 for a special configuration). */
export function CopyBlocked({ block, domain }: { block: CopyBlock; domain: string | null }) {
  const { t, i18n } = useLingui();
  const name = domain ?? '';
  const says: Record<CopyBlock, { title: string; text: string }> = {
    notFound: {
      title: t({ id: 'domain.copy.blocked.notFound', message: 'Domain not found' }),
      text: t({
        id: 'domain.copy.blocked.notFoundText',
        message:
          'It may have been deleted, or it belongs to another account. Choose a domain in the domain list.',
      }),
    },
    deleted: {
      title: t({ id: 'domain.copy.blocked.deleted', message: `${name} has been deleted` }),
      text: t({
        id: 'domain.copy.blocked.deletedText',
        message: 'The configuration of a deleted domain cannot be copied.',
      }),
    },
    specialConfig: {
      title: t({
        id: 'domain.copy.blocked.special',
        message: `The configuration of ${name} cannot be copied`,
      }),
      text: i18n._(specialConfigMessage),
    },
    unsynced: {
      title: t({ id: 'domain.copy.blocked.unsynced', message: `${name} is not created yet` }),
      text: t({
        id: 'domain.copy.blocked.unsyncedText',
        message:
          'Its creation waits to be sent to the server. Its configuration can be copied once the server has created it.',
      }),
    },
  };
  const { title, text } = says[block];
  return (
    <Stack gap="4" align="flex-start">
      <Alert.Root status={block === 'specialConfig' ? 'warning' : 'info'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{text}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild variant="outline" size="sm">
        <a href="#/cdn/domain/list">
          {t({ id: 'domain.copy.backToList', message: 'Back to the domain list' })}
        </a>
      </Button>
    </Stack>
  );
}
