import { Box, Button, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { DomainGroup } from '../../../contract/domain';
import { ChevronDownIcon } from '../../../ui/icons';
import { groupTexts } from './group-messages';
import type { GroupEditor } from './use-group-editor';
import { Entry } from './entry';

export interface GroupSidebarProps {
  groups: readonly DomainGroup[];
  /** Live domains per group id, `none` for those in no group (`countByGroup`). */
  counts: ReadonlyMap<string, number>;
  /** Every live domain. */
  total: number;
  /** The group filter of the address: a group id, `none`, or undefined for all. */
  current: string | undefined;
  onSelect(group: string | undefined): void;
  onCreate: GroupEditor['create'];
  onRename: GroupEditor['rename'];
  onRemove: GroupEditor['remove'];
  /** False while there is no store to queue changes in. */
  canEdit: boolean;
  /** A choice was made (the drawer at tablet width closes). */
  onChosen?(): void;
}

/**
 * The groups beside the list: filter by one, and create, rename or delete them. Its props do not
 * change with the keyword, so typing in the search box does not render it.
 */
export const GroupSidebar = memo(function GroupSidebar({
  groups,
  counts,
  total,
  current,
  onSelect,
  onCreate,
  onRename,
  onRemove,
  canEdit,
  onChosen,
}: GroupSidebarProps) {
  const { t, i18n } = useLingui();
  const choose = (group: string | undefined) => {
    onSelect(group);
    onChosen?.();
  };
  return (
    <Stack as="nav" gap="2" aria-label={t({ id: 'domain.group.sidebarLabel', message: 'Groups' })}>
      <HStack justify="space-between" px="1">
        <Text fontWeight="semibold" fontSize="sm">
          {t({ id: 'domain.group.title', message: 'Groups' })}
        </Text>
        <Button size="xs" variant="ghost" colorPalette="blue" onClick={onCreate} disabled={!canEdit}>
          {t({ id: 'domain.group.create', message: '+ New group' })}
        </Button>
      </HStack>
      <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
        <Box as="li" display="flex">
          <Entry
            label={i18n._(groupTexts.all)}
            count={total}
            selected={current === undefined}
            onClick={() => choose(undefined)}
          />
        </Box>
        <Box as="li" display="flex">
          <Entry
            label={i18n._(groupTexts.none)}
            count={counts.get('none') ?? 0}
            selected={current === 'none'}
            onClick={() => choose('none')}
          />
        </Box>
        {groups.map((group) => {
          const groupName = group.name;
          return (
            <Box as="li" key={group.id} display="flex" alignItems="center" gap="0.5">
              <Entry
                label={group.name}
                count={counts.get(group.id) ?? 0}
                selected={current === group.id}
                onClick={() => choose(group.id)}
              />
              <Menu.Root
                positioning={{ placement: 'bottom-end' }}
                onSelect={({ value }) => (value === 'rename' ? onRename(group) : onRemove(group))}
              >
                <Menu.Trigger asChild>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    disabled={!canEdit}
                    aria-label={t({
                      id: 'domain.group.actionsLabel',
                      message: `Actions for the group ${groupName}`,
                    })}
                  >
                    <ChevronDownIcon size={14} />
                  </IconButton>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="rename">
                        {t({ id: 'domain.group.rename', message: 'Rename' })}
                      </Menu.Item>
                      <Menu.Item value="delete" color="fg.error">
                        {t({ id: 'domain.group.delete', message: 'Delete' })}
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </Box>
          );
        })}
      </Stack>
      {groups.length === 0 ? (
        <Text fontSize="xs" color="fg.muted" px="1">
          {t({
            id: 'domain.group.emptyHint',
            message: 'Groups help you find domains: create one, then move domains into it.',
          })}
        </Text>
      ) : null}
    </Stack>
  );
});
