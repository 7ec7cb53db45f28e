import { Menu, Portal } from '@chakra-ui/react';
import { writeLanguage } from '../../api';
import { useAppState } from '../../ui/app-state';
import { LanguageTrigger, useLanguageNames } from './menu-triggers';

/** spec §1: changing the language stores the choice and reloads the page. */
export function LanguageSwitch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { language: current } = useAppState();
  const names = useLanguageNames();
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      onSelect={({ value }) => {
        if (value === current || (value !== 'zh_CN' && value !== 'en_US')) return;
        writeLanguage(value);
        location.reload();
      }}
    >
      <Menu.Trigger asChild>
        <LanguageTrigger />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={current}>
              {(['zh_CN', 'en_US'] as const).map((lang) => (
                <Menu.RadioItem key={lang} value={lang}>
                  <span lang={lang === 'zh_CN' ? 'zh-CN' : 'en-US'}>{names[lang]}</span>
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
