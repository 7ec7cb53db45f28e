import { Box, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import {
  groupState,
  tickAll,
  tickCount,
  tickGroup,
  tickItem,
  type MenuGroup,
  type TickState,
} from './menu-tree';
import { TickBox } from './tick-box';

/**
 * Function permission (spec §6): the main account's menu as a tree. Ticking a group ticks its
 * items; an item ticked shows its group ticked, or partly ticked when some of its items are not.
 */
export function MenuTreeView({
  tree,
  ticked,
  onChange,
  label,
  disabled = false,
}: {
  tree: readonly MenuGroup[];
  ticked: ReadonlySet<number>;
  onChange(ticked: Set<number>): void;
  /** The label of a menu item, by its server name (the left menu's words). */
  label(name: string): string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const counts = tickCount(tree, ticked);
  const allState: TickState =
    counts.ticked === 0 ? 'unchecked' : counts.ticked === counts.offered ? 'checked' : 'indeterminate';
  const { ticked: tickedCount, offered } = counts;
  if (tree.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        {t({ id: 'user.menu.none', message: 'Your account has no menu items to give.' })}
      </Text>
    );
  return (
    <Stack gap="3" role="group" aria-label={t({ id: 'user.menu.label', message: 'Function permission' })}>
      <Stack direction="row" gap="4" align="center" wrap="wrap">
        <TickBox
          state={allState}
          bold
          disabled={disabled}
          label={t({ id: 'user.menu.all', message: 'All functions' })}
          onChange={(on) => onChange(tickAll(tree, on))}
        />
        <Text fontSize="sm" color="fg.muted" role="status">
          {t({ id: 'user.menu.count', message: `${tickedCount} of ${offered} ticked` })}
        </Text>
      </Stack>
      {/* Columns, not a grid: a short group does not stand as tall as a long one beside it. */}
      <Box columnCount={{ base: 1, md: 2 }} columnGap="3">
        {tree.map((group) => {
          const state = groupState(group, ticked);
          return (
            <Stack
              key={group.id}
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              mb="3"
              css={{ breakInside: 'avoid' }}
            >
              <TickBox
                state={state}
                bold
                disabled={disabled}
                label={label(group.single ? (group.children[0]?.name ?? group.name) : group.name)}
                onChange={(on) => onChange(tickGroup(group, ticked, on))}
              />
              {group.single ? null : (
                <Stack gap="1" ps="6">
                  {group.children.map((child) => (
                    <TickBox
                      key={child.id}
                      state={ticked.has(child.id) ? 'checked' : 'unchecked'}
                      disabled={disabled}
                      label={label(child.name)}
                      onChange={(on) => onChange(tickItem(ticked, child.id, on))}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </Box>
    </Stack>
  );
}
