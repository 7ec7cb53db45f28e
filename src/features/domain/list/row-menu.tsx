import { Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { actionLabels, specialConfigMessage } from '../domain-messages';
import type { DomainRow } from '../rows';
import { copyHref, operationState, type RowAction } from './domain-table-row';

export interface RowMenuTarget {
  row: DomainRow;
  /** The row's "More" button: the menu opens next to it, and the focus returns to it. */
  anchor: HTMLElement;
}

interface RowMenuProps {
  target: RowMenuTarget;
  onClose(): void;
  onAction(action: RowAction, row: DomainRow): void;
}

/**
 * The further operations of one row (rename, copy configuration, delete), each enabled by the
 * domain's state and special configuration. One menu serves the whole table and exists only
 * while open: the rows themselves carry a plain button.
 */
export function RowMenu({ target, onClose, onAction }: RowMenuProps) {
  const { i18n } = useLingui();
  const { row, anchor } = target;
  const specialText = i18n._(specialConfigMessage);
  const items = (['rename', 'copy', 'delete'] as const).map((action) => ({
    action,
    state: operationState(row, action),
  }));

  // When the menu goes (Escape, a choice) the focus, left on nothing, returns to the button.
  const anchorRef = useRef(anchor);
  useEffect(() => {
    anchorRef.current = anchor;
  }, [anchor]);
  useEffect(
    () => () => {
      const button = anchorRef.current;
      setTimeout(() => {
        if (
          (document.activeElement === document.body || document.activeElement === null) &&
          button.isConnected
        )
          button.focus();
      }, 0);
    },
    [],
  );

  return (
    <Menu.Root
      open
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      onSelect={({ value }) => {
        if (value === 'rename' || value === 'delete') onAction(value, row);
      }}
      positioning={{ placement: 'bottom-end', getAnchorRect: () => anchor.getBoundingClientRect() }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="200px">
            {items.map(({ action, state }) => {
              const hint = state === 'special' ? specialText : undefined;
              const body = (
                <Stack gap="0" align="flex-start">
                  <span>{i18n._(actionLabels[action])}</span>
                  {hint ? (
                    <Text fontSize="xs" color="fg.muted" whiteSpace="normal" maxW="240px">
                      {hint}
                    </Text>
                  ) : null}
                </Stack>
              );
              return action === 'copy' && state === 'enabled' ? (
                <Menu.Item key={action} value={action} asChild>
                  <a href={copyHref(row.id)}>{body}</a>
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={action}
                  value={action}
                  disabled={state !== 'enabled'}
                  title={hint}
                  color={action === 'delete' && state === 'enabled' ? 'fg.error' : undefined}
                >
                  {body}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
