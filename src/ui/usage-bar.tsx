import { Progress } from '@chakra-ui/react';

export interface UsageBarProps {
  /** The share used, in percent; over 100 is shown full. */
  value: number;
  /** The bar's name for screen readers. */
  label: string;
  /** Its colour, by how close to full it is. */
  palette?: string;
  /** The share in words, for screen readers only. */
  valueText?: string;
}

/** A thin bar of how much of a quota or a package is used. */
export function UsageBar({ value, label, palette = 'blue', valueText }: UsageBarProps) {
  return (
    <Progress.Root value={Math.min(100, value)} size="sm" colorPalette={palette} aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      {valueText === undefined ? null : <Progress.ValueText srOnly>{valueText}</Progress.ValueText>}
    </Progress.Root>
  );
}
