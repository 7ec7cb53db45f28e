import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DomainEntry } from '../../../contract/domain';
import { statusLabels } from '../domain-messages';

export function StatusBadge({ entry }: { entry: DomainEntry }) {
  const { i18n } = useLingui();
  const palette = entry.status === 'active' ? 'green' : entry.status === 'hung_up' ? 'orange' : 'gray';
  return <Badge colorPalette={palette}>{i18n._(statusLabels[entry.status])}</Badge>;
}
