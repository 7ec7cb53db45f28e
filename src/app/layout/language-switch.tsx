import { writeLanguage } from '../../api';
import { useAppState } from '../../ui/app-state';
import { BarChoiceMenu } from './bar-choice-menu';
import { LanguageTrigger, useLanguageNames } from './menu-triggers';

/** spec §1: changing the language stores the choice and reloads the page. */
export function LanguageSwitch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { language: current } = useAppState();
  const names = useLanguageNames();
  return (
    <BarChoiceMenu
      defaultOpen={defaultOpen}
      trigger={<LanguageTrigger />}
      value={current}
      choices={(['zh_CN', 'en_US'] as const).map((lang) => ({
        value: lang,
        label: <span lang={lang === 'zh_CN' ? 'zh-CN' : 'en-US'}>{names[lang]}</span>,
      }))}
      onChoose={(lang) => {
        writeLanguage(lang);
        location.reload();
      }}
    />
  );
}
