import { Progress } from '@chakra-ui/react';

/** A thin bar of a share in percent (capped at 100), named for assistive technology. */
export function ProgressBar({
  value,
  label,
  palette = 'blue',
}: {
  value: number;
  label: string;
  palette?: string;
}) {
  return (
    <Progress.Root value={Math.min(100, value)} size="sm" colorPalette={palette} aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
