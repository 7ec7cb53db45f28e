import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DomainDeployment } from '../../../contract/edge';

type Part = DomainDeployment['sections'][number];

export function StateBadge({ part }: { part: Part }) {
  const { t } = useLingui();
  switch (part.state) {
    case 'effective': {
      const version = part.effective_version ?? part.version;
      return (
        <Badge colorPalette="green">
          {version === 0
            ? t({ id: 'domainConfig.deploy.effectiveDefaults', message: 'In effect (defaults)' })
            : t({ id: 'domainConfig.deploy.effective', message: `In effect since version ${version}` })}
        </Badge>
      );
    }
    case 'deploying':
      return (
        <Badge colorPalette="blue">{t({ id: 'domainConfig.deploy.deploying', message: 'Deploying' })}</Badge>
      );
    case 'failed':
      return <Badge colorPalette="red">{t({ id: 'domainConfig.deploy.failed', message: 'Failed' })}</Badge>;
    case 'local':
      return (
        <Badge colorPalette="gray">{t({ id: 'domainConfig.deploy.local', message: 'No edge node' })}</Badge>
      );
  }
}
