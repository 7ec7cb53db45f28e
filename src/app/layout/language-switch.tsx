import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { writeLanguage } from '../../api';
import type { Language } from '../../contract';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons';

/** spec §1: changing the language stores the choice and reloads the page. */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useLingui();
  const names: Record<Language, string> = {
    zh_CN: t({ id: 'shell.language.zhCN', message: '中文' }),
    en_US: t({ id: 'shell.language.enUS', message: 'English' }),
  };
  const language = names[current];
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === current || (value !== 'zh_CN' && value !== 'en_US')) return;
        writeLanguage(value);
        location.reload();
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={t({ id: 'shell.language.label', message: `Language: ${language}` })}
        >
          <GlobeIcon />
          <Box as="span" display={{ base: 'none', lg: 'inline' }}>
            {names[current]}
          </Box>
          <ChevronDownIcon size={14} />
        </Button>
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
