import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

export interface BarChoice<V extends string> {
  value: V;
  label: ReactNode;
}

/** A top-bar menu of one choice among a few (the language, the theme): the current one ticked. */
export function BarChoiceMenu<V extends string>({
  trigger,
  value,
  choices,
  onChoose,
  defaultOpen = false,
}: {
  trigger: ReactElement;
  value: V;
  choices: readonly BarChoice<V>[];
  onChoose: (value: V) => void;
  defaultOpen?: boolean;
}) {
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      onSelect={({ value: chosen }) => {
        const choice = choices.find((c) => c.value === chosen);
        if (choice && choice.value !== value) onChoose(choice.value);
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={value}>
              {choices.map((choice) => (
                <Menu.RadioItem key={choice.value} value={choice.value}>
                  {choice.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
