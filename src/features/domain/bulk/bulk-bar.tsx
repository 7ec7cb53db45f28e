import { Button, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SelectionBar } from '../../../ui/selection-bar';
import { actionLabels } from '../domain-messages';
import { bulkActions, bulkMax, type BulkAction } from './bulk-job';

export interface BulkBarProps {
  /** Selected domains in the view. */
  count: number;
  onAction(action: BulkAction): void;
  onClear(): void;
  /** False while there is no store to queue commands in. */
  canRun: boolean;
}

const palettes: Record<BulkAction, string> = {
  hangUp: 'orange',
  recover: 'green',
  delete: 'red',
  move: 'blue',
};

/** The actions on the selected domains. */
export function BulkBar({ count, onAction, onClear, canRun }: BulkBarProps) {
  const { t, i18n } = useLingui();
  const tooMany = count > bulkMax;
  const selected = i18n.number(count);
  return (
    <SelectionBar gap="2" label={t({ id: 'domain.bulk.bar.label', message: 'Selected domains' })}>
      <Text fontSize="sm" fontWeight="medium" me="2">
        {t({ id: 'domain.bulk.bar.count', message: `${selected} selected` })}
      </Text>
      {bulkActions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          bg="bg"
          colorPalette={palettes[action]}
          disabled={tooMany || !canRun}
          onClick={() => onAction(action)}
        >
          {i18n._(actionLabels[action])}
        </Button>
      ))}
      <Button size="xs" variant="ghost" onClick={onClear}>
        {t({ id: 'domain.bulk.bar.clear', message: 'Clear selection' })}
      </Button>
      {tooMany ? (
        <Text fontSize="xs" color="fg.warning" role="status">
          {t({
            id: 'domain.bulk.bar.tooMany',
            message: plural(bulkMax, {
              one: 'A bulk action takes at most # domain: select fewer.',
              other: 'A bulk action takes at most # domains: select fewer.',
            }),
          })}
        </Text>
      ) : null}
    </SelectionBar>
  );
}
