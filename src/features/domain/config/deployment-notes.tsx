import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** While a newer version deploys or after the edge refused it: the one the nodes still serve. */
export function StillServing({ version }: { version: number }) {
  const { t } = useLingui();
  return (
    <Text fontSize="xs" color="fg.muted" mt="1">
      {version === 0
        ? t({ id: 'domainConfig.deploy.stillDefaults', message: 'The defaults are still in effect.' })
        : t({ id: 'domainConfig.deploy.still', message: `Version ${version} is still in effect.` })}
    </Text>
  );
}

/** Why the edge refused the configuration, in nginx's own words. */
export function Reason({ reason }: { reason: string }) {
  const { t } = useLingui();
  return (
    <Text fontSize="xs" color="fg.error" mt="1" wordBreak="break-word">
      {t({ id: 'domainConfig.deploy.reason', message: `Reason: ${reason}` })}
    </Text>
  );
}
