import { Checkbox } from '@chakra-ui/react';
import type { TickState } from './menu-tree';

const boxValue = (state: TickState) => (state === 'indeterminate' ? 'indeterminate' : state === 'checked');

/** One box of the menu tree: ticked, unticked or partly ticked (a group some of whose items are). */
export function TickBox({
  state,
  label,
  disabled,
  onChange,
  bold = false,
}: {
  state: TickState;
  label: string;
  disabled: boolean;
  onChange(on: boolean): void;
  bold?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={boxValue(state)}
      disabled={disabled}
      // An indeterminate box ticks everything, as a group's box does in a tree.
      onCheckedChange={() => onChange(state !== 'checked')}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight={bold ? 'semibold' : undefined}>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
