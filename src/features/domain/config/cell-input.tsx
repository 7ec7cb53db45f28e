import { Input, Stack, Text } from '@chakra-ui/react';
import { useIssueText } from './fields';

/** A small field inside a rule table's cell: the input and, under it, its rule's message. */
export function CellInput({
  value,
  onChange,
  issue,
  label,
  numeric,
  placeholder,
}: {
  value: string;
  onChange(value: string): void;
  issue?: string | undefined;
  label: string;
  numeric?: boolean;
  placeholder?: string;
}) {
  const issueText = useIssueText();
  return (
    <Stack gap="1">
      <Input
        size="sm"
        aria-label={label}
        aria-invalid={issue !== undefined}
        inputMode={numeric ? 'numeric' : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        borderColor={issue ? 'border.error' : undefined}
      />
      {issue ? (
        <Text color="fg.error" fontSize="xs">
          {issueText(issue)}
        </Text>
      ) : null}
    </Stack>
  );
}
