import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { stringifyStatsSearch, type StatsSearch } from './range';
import { statisticsTypes, views, type StatisticsType } from './views';

const searchHref = (path: string, search: StatsSearch) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(stringifyStatsSearch(search))) params.set(key, String(value));
  const text = params.toString();
  return `#${path}${text ? `?${text}` : ''}`;
};

export function TypeTabs({ current, search }: { current: StatisticsType; search: StatsSearch }) {
  const { t, i18n } = useLingui();
  return (
    <HStack
      as="nav"
      gap="1"
      wrap="wrap"
      aria-label={t({ id: 'stats.types.label', message: 'Statistics types' })}
    >
      {statisticsTypes.map((type) => (
        <Button
          key={type}
          asChild
          size="sm"
          variant={type === current ? 'solid' : 'ghost'}
          colorPalette={type === current ? 'blue' : 'gray'}
        >
          <a
            href={searchHref(`/cdn/statistics/${type}`, search)}
            aria-current={type === current ? 'page' : undefined}
          >
            {i18n._(views[type].title)}
          </a>
        </Button>
      ))}
    </HStack>
  );
}
