import { Box, Button, Checkbox, HStack, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { trafficLimits } from '../../contract/traffic';
import { statsMessages } from './messages';

export interface DomainName {
  id: string;
  domain: string;
}

interface DomainPickerProps {
  domains: readonly DomainName[];
  /** Undefined: every domain of the account (now and later). */
  chosen: readonly string[] | undefined;
  /** At most this many may be chosen one by one (UV: 1000, spec §9). */
  max?: number;
  /** Only one domain (log download). */
  single?: boolean;
  onChange: (chosen: string[] | undefined) => void;
}

/** Matches shown at once; a longer list is narrowed by typing. */
const shownMax = 200;

/**
 * The domains a view reads: all of them, or those ticked. Edits are applied with "Apply", so a
 * long selection is not read on every tick; applying none says the spec's message.
 */
export function DomainPicker({ domains, chosen, max, single = false, onChange }: DomainPickerProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState<{ all: boolean; ids: Set<string> }>({ all: true, ids: new Set() });
  const [problem, setProblem] = useState<string | null>(null);
  const names = useMemo(() => new Map(domains.map((d) => [d.id, d.domain])), [domains]);
  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? domains.filter((d) => d.domain.toLowerCase().includes(needle)) : domains;
  }, [domains, filter]);

  const domainCount = chosen?.length ?? 0;
  const summary =
    chosen === undefined
      ? single
        ? t({ id: 'stats.domains.choose', message: 'Choose a domain' })
        : t({ id: 'stats.domains.all', message: 'All domains' })
      : chosen.length === 1
        ? (names.get(chosen[0] ?? '') ?? t({ id: 'stats.domains.one', message: '1 domain' }))
        : t({
            id: 'stats.domains.some',
            message: plural(domainCount, { one: '# domain', other: '# domains' }),
          });

  const shown = matches.length;
  const hidden = matches.length - shownMax;
  const ticked = draft.ids.size;

  const begin = (next: boolean) => {
    if (next) {
      setDraft({ all: chosen === undefined && !single, ids: new Set(chosen ?? []) });
      setProblem(null);
      setFilter('');
    }
    setOpen(next);
  };
  const toggle = (id: string, on: boolean) =>
    setDraft((d) => {
      const ids = single ? new Set<string>() : new Set(d.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      return { all: false, ids };
    });
  const chooseMatches = () =>
    setDraft((d) => ({ all: false, ids: new Set([...d.ids, ...matches.map((m) => m.id)]) }));
  const apply = () => {
    if (!draft.all && draft.ids.size === 0) return setProblem(i18n._(statsMessages.domainRequired));
    // Beyond the account-wide cap, "all domains" asks the same question in fewer words.
    if (!draft.all && max !== undefined && draft.ids.size > max)
      return setProblem(i18n._(statsMessages.uvTooMany));
    const ids = [...draft.ids].slice(0, trafficLimits.domainsMax);
    onChange(draft.all ? undefined : ids);
    setOpen(false);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => begin(e.open)}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" maxW="280px" justifyContent="space-between">
          <Text as="span" truncate>
            {summary}
          </Text>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="340px">
            <Popover.Body>
              <Stack gap="3">
                <Input
                  size="sm"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder={t({ id: 'stats.domains.filter', message: 'Search domains' })}
                  aria-label={t({ id: 'stats.domains.filter', message: 'Search domains' })}
                />
                {single ? null : (
                  <HStack justify="space-between">
                    <Checkbox.Root
                      checked={draft.all}
                      onCheckedChange={(e) => setDraft({ all: e.checked === true, ids: new Set() })}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {t({ id: 'stats.domains.all', message: 'All domains' })}
                      </Checkbox.Label>
                    </Checkbox.Root>
                    <Button size="xs" variant="ghost" onClick={chooseMatches} disabled={matches.length === 0}>
                      {t({ id: 'stats.domains.chooseMatches', message: `Tick ${shown} shown` })}
                    </Button>
                  </HStack>
                )}
                <Box
                  maxH="260px"
                  overflowY="auto"
                  role="group"
                  aria-label={t({ id: 'stats.domains.list', message: 'Domains' })}
                >
                  <Stack gap="1">
                    {matches.length === 0 ? (
                      <Text color="fg.muted" fontSize="sm">
                        {t({ id: 'stats.domains.none', message: 'No domain matches.' })}
                      </Text>
                    ) : null}
                    {matches.slice(0, shownMax).map((d) => (
                      <Checkbox.Root
                        key={d.id}
                        size="sm"
                        checked={draft.ids.has(d.id)}
                        onCheckedChange={(e) => toggle(d.id, e.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{d.domain}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                    {matches.length > shownMax ? (
                      <Text color="fg.muted" fontSize="xs">
                        {t({
                          id: 'stats.domains.more',
                          message: `${hidden} more: type to narrow the list.`,
                        })}
                      </Text>
                    ) : null}
                  </Stack>
                </Box>
                {problem ? (
                  <Text color="fg.error" fontSize="sm" role="alert">
                    {problem}
                  </Text>
                ) : null}
                <HStack justify="space-between">
                  <Text fontSize="xs" color="fg.muted">
                    {draft.all
                      ? t({ id: 'stats.domains.all', message: 'All domains' })
                      : t({ id: 'stats.domains.ticked', message: `${ticked} ticked` })}
                  </Text>
                  <HStack>
                    <Button size="sm" variant="outline" onClick={() => setOpen(false)}>
                      {t({ id: 'common.action.cancel', message: 'Cancel' })}
                    </Button>
                    <Button size="sm" colorPalette="blue" onClick={apply}>
                      {t({ id: 'stats.domains.apply', message: 'Apply' })}
                    </Button>
                  </HStack>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
