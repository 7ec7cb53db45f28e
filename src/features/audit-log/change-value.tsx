import { Box, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A value of a change as the table shows it: text as it is, lists and objects as JSON. */
export function ChangeValue({ value }: { value: unknown }) {
  const { t } = useLingui();
  // Absent: the field did not exist (a creation) or no longer does (a deletion).
  if (value === undefined)
    return (
      <Text as="span" color="fg.muted">
        {t({ id: 'auditLog.change.none', message: '(none)' })}
      </Text>
    );
  if (value === null)
    return (
      <Text as="span" color="fg.muted">
        {t({ id: 'auditLog.change.notSet', message: '(not set)' })}
      </Text>
    );
  if (value === '')
    return (
      <Text as="span" color="fg.muted">
        {t({ id: 'auditLog.change.empty', message: '(empty)' })}
      </Text>
    );
  if (typeof value === 'boolean')
    return (
      <Text as="span">
        {value
          ? t({ id: 'auditLog.change.true', message: 'Yes' })
          : t({ id: 'auditLog.change.false', message: 'No' })}
      </Text>
    );
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1);
  return (
    <Box as="span" display="block" maxH="160px" overflowY="auto" whiteSpace="pre-wrap" wordBreak="break-all">
      {text}
    </Box>
  );
}
