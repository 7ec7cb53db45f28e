import { Menu, Portal } from '@chakra-ui/react';
import { setColorMode, useColorMode } from '../color-mode';
import { ColorModeTrigger, useColorModeNames } from './menu-triggers';

const choices = ['system', 'light', 'dark'] as const;

/** The top bar's theme menu: follow the system, or light or dark on this device. */
export function ColorModeSwitch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { choice } = useColorMode();
  const names = useColorModeNames();
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      onSelect={({ value }) => {
        const next = choices.find((c) => c === value);
        if (next) setColorMode(next);
      }}
    >
      <Menu.Trigger asChild>
        <ColorModeTrigger />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={choice}>
              {choices.map((c) => (
                <Menu.RadioItem key={c} value={c}>
                  {names[c]}
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
