import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A setting's row actions: edit it, copy it where it can be, or delete it (after a confirmation the screen asks). */
export function RowActions({
  onEdit,
  onCopy,
  onDelete,
}: {
  onEdit: () => void;
  onCopy?: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  return (
    <HStack gap="1">
      <Button size="xs" variant="ghost" onClick={onEdit}>
        {t({ id: 'alarm.ui.edit', message: 'Edit' })}
      </Button>
      {onCopy ? (
        <Button size="xs" variant="ghost" onClick={onCopy}>
          {t({ id: 'alarm.ui.copy', message: 'Copy' })}
        </Button>
      ) : null}
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
        {t({ id: 'alarm.ui.delete', message: 'Delete' })}
      </Button>
    </HStack>
  );
}
