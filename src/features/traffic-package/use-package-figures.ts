import { useLingui } from '@lingui/react/macro';
import type { TrafficPackage } from '../../contract/traffic-package';
import { flowText } from './flow';

/** One figure of the packages: what it counts, its value in words, and its colour when it warns. */
export interface PackageFigure {
  key: 'active' | 'remaining' | 'expiring';
  label: string;
  value: string;
  color: string | undefined;
}

/**
 * The packages in effect, the traffic they have left and those expiring within 5 days (spec §2),
 * as the overview's card and the packages screen both show them.
 */
export function usePackageFigures(lists: readonly TrafficPackage[]) {
  const { t, i18n } = useLingui();
  const active = lists.filter((p) => p.status === 'active');
  const remaining = active.reduce((sum, p) => sum + (p.total_bytes - p.used_bytes), 0);
  const expiring = active.filter((p) => p.expiring_soon);
  const figures: PackageFigure[] = [
    {
      key: 'active',
      label: t({ id: 'package.summary.active', message: 'Packages in effect' }),
      value: i18n.number(active.length),
      color: undefined,
    },
    {
      key: 'remaining',
      label: t({ id: 'package.summary.remaining', message: 'Traffic remaining' }),
      value: flowText(remaining, i18n.locale),
      color: undefined,
    },
    {
      key: 'expiring',
      label: t({ id: 'package.summary.expiring', message: 'Expiring within 5 days' }),
      value: i18n.number(expiring.length),
      color: expiring.length > 0 ? 'orange.fg' : undefined,
    },
  ];
  return { expiring, figures };
}
