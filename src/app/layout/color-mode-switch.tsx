import { setColorMode, useColorMode } from '../color-mode';
import { BarChoiceMenu } from './bar-choice-menu';
import { ColorModeTrigger, useColorModeNames } from './menu-triggers';

/** The top bar's theme menu: follow the system, or light or dark on this device. */
export function ColorModeSwitch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { choice } = useColorMode();
  const names = useColorModeNames();
  return (
    <BarChoiceMenu
      defaultOpen={defaultOpen}
      trigger={<ColorModeTrigger />}
      value={choice}
      choices={(['system', 'light', 'dark'] as const).map((c) => ({ value: c, label: names[c] }))}
      onChoose={setColorMode}
    />
  );
}
