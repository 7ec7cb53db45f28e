import { Badge, Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export function Entry({
  label,
  count,
  selected,
  onClick,
}: {
  label: string;
  count: number;
  selected: boolean;
  onClick(): void;
}) {
  const { i18n } = useLingui();
  return (
    <Button
      variant={selected ? 'subtle' : 'ghost'}
      colorPalette={selected ? 'blue' : 'gray'}
      size="sm"
      flex="1"
      minW="0"
      justifyContent="space-between"
      fontWeight={selected ? 'semibold' : 'normal'}
      aria-current={selected ? 'true' : undefined}
      onClick={onClick}
    >
      <Text as="span" truncate title={label}>
        {label}
      </Text>
      <Badge variant="plain" color="fg.muted" flexShrink={0}>
        {i18n.number(count)}
      </Badge>
    </Button>
  );
}
