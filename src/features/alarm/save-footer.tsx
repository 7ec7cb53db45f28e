import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** The buttons of a setting's dialog: back out, or save (the dialog is a form). */
export function SaveFooter({ onCancel, saving = false }: { onCancel: () => void; saving?: boolean }) {
  const { t } = useLingui();
  return (
    <HStack>
      <Button variant="outline" onClick={onCancel}>
        {t({ id: 'alarm.ui.cancel', message: 'Cancel' })}
      </Button>
      <Button type="submit" colorPalette="blue" loading={saving}>
        {t({ id: 'alarm.ui.save', message: 'Save' })}
      </Button>
    </HStack>
  );
}
