import { useLingui } from '@lingui/react/macro';
import { UsageBar } from '../../ui/usage-bar';

/** The bar's colour: blue, orange from 80 %, red when full. */
const paletteOf = (used: number, max: number) =>
  used >= max ? 'red' : used >= max * 0.8 ? 'orange' : 'blue';

export function QuotaBar({ used, max, label }: { used: number; max: number; label: string }) {
  const { i18n } = useLingui();
  const share = max > 0 ? Math.min(100, (used / max) * 100) : 100;
  return (
    <UsageBar
      value={share}
      palette={paletteOf(used, max)}
      label={label}
      valueText={i18n.number(share / 100, { style: 'percent', maximumFractionDigits: 1 })}
    />
  );
}
