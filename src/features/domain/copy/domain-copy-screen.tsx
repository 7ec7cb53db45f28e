import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { usePull } from '../../../sync/pull';
import { useSyncAvailability, useSyncRuntime } from '../../../sync/react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { useOnline } from '../../../ui/use-online';
import { pullDomains } from '../pull';
import { useDomainData } from '../use-domains';
import { CopyWizard } from './copy-wizard';

/**
 * /cdn/domain/copy/{id} (spec §2): copies the configuration of domain `id` to up to 10 new
 * domains. The source is read from the store (offline too); the copy is queued in the outbox,
 * and each new domain's result follows the server's answers.
 */
export function DomainCopyScreen({ id }: { id: string }) {
  const { t } = useLingui();
  const runtime = useSyncRuntime();
  const availability = useSyncAvailability();
  const online = useOnline();
  const { state: pullState } = usePull(runtime, online, pullDomains);
  const data = useDomainData();

  if (!runtime && availability === 'unavailable')
    return (
      <Stack gap="4" maxW="1100px" mx="auto">
        <Heading as="h1" size="xl">
          {t({ id: 'domain.copy.title', message: 'Copy configuration' })}
        </Heading>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {t({
              id: 'domain.copy.noStorage',
              message:
                'This browser does not let the console store data on this device, so configuration cannot be copied here. Allow site data for this site, or use another browser, then reload the page.',
            })}
          </Alert.Title>
        </Alert.Root>
      </Stack>
    );
  if (!runtime || !data)
    return (
      <CenteredSpinner label={t({ id: 'domain.copy.loading', message: 'Loading the source domain…' })} />
    );
  // A new source, or another account's store, starts a new copy.
  return (
    <CopyWizard
      key={`${id}:${runtime.store.name}`}
      id={id}
      runtime={runtime}
      data={data}
      online={online}
      pullState={pullState}
    />
  );
}
