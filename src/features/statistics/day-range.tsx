import { HStack, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** Two days, both included (`YYYY-MM-DD`), between `min` and `max`. */
export function DayRange({
  from,
  to,
  min,
  max,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  min?: string;
  max: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useLingui();
  const day = (label: string, value: string | undefined, key: 'from' | 'to') => (
    <Input
      type="date"
      size="sm"
      width="auto"
      min={min}
      max={max}
      value={value ?? ''}
      aria-label={label}
      onChange={(e) => onChange({ [key]: e.target.value || undefined })}
    />
  );
  return (
    <HStack gap="2">
      {day(t({ id: 'stats.filter.from', message: 'Start date' }), from, 'from')}
      <Text aria-hidden>–</Text>
      {day(t({ id: 'stats.filter.to', message: 'End date' }), to, 'to')}
    </HStack>
  );
}
