import { Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export interface EditActionsProps {
  /** The form has marked fields: say so above the buttons. */
  invalid: boolean;
  /** Why the last change could not be queued, shown above the buttons. */
  failure?: string | null;
  onReview(): void;
  onCancel(): void;
}

/** The end of a configuration form being edited: what stops the review, then Review and Cancel. */
export function EditActions({ invalid, failure, onReview, onCancel }: EditActionsProps) {
  const { t } = useLingui();
  return (
    <>
      {invalid ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t({
            id: 'domainConfig.fixIssues',
            message: 'Correct the marked fields to review the change.',
          })}
        </Text>
      ) : null}
      {failure ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {failure}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button colorPalette="blue" size="sm" onClick={onReview}>
          {t({ id: 'domainConfig.review', message: 'Review changes' })}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t({ id: 'domainConfig.cancel', message: 'Cancel' })}
        </Button>
      </HStack>
    </>
  );
}
