import { Box, Button, Checkbox, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { GrantOption } from './grant-picker';

/** How the options' read stands (a read of the read layer has these). */
export interface OptionsRead {
  data: unknown;
  failed: boolean;
  refetch: () => void;
}

/** Matches shown at once; a longer list is narrowed by typing. */
const shownMax = 200;

interface GrantListProps {
  options: readonly GrantOption[];
  /** The read the options come from (domains, certificates); none for a list given whole. */
  read?: OptionsRead;
  ids: readonly string[];
  onChange(ids: string[]): void;
  /** The label of a ticked item that is no longer among the options (deleted since). */
  goneLabel: string;
  searchLabel: string;
  emptyLabel: string;
  disabled?: boolean;
  /** How many are ticked, in the words of the screen; by default "N ticked". */
  countText?: (count: number) => string;
}

/** A searchable list of items to tick: what is ticked stays ticked while the list is narrowed. */
export function GrantList({
  options,
  read,
  ids,
  onChange,
  goneLabel,
  searchLabel,
  emptyLabel,
  disabled = false,
  countText,
}: GrantListProps) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const ticked = useMemo(() => new Set(ids), [ids]);
  const loaded = read === undefined || read.data !== undefined;
  const all = useMemo(() => {
    const known = new Set(options.map((o) => o.id));
    // Items ticked earlier that the list no longer has (deleted): shown, so they can be unticked.
    const gone = loaded ? ids.filter((id) => !known.has(id)) : [];
    return [...gone.map((id) => ({ id, label: goneLabel, detail: id })), ...options];
  }, [options, ids, goneLabel, loaded]);
  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? all.filter((o) => o.label.toLowerCase().includes(needle) || o.detail?.toLowerCase().includes(needle))
      : all;
  }, [all, filter]);

  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...ids.filter((i) => i !== id), id] : ids.filter((i) => i !== id));
  const tickShown = () => onChange([...new Set([...ids, ...matches.slice(0, shownMax).map((m) => m.id)])]);
  const count = ids.length;
  const shown = Math.min(matches.length, shownMax);
  const hidden = matches.length - shownMax;

  if (read && read.data === undefined)
    return read.failed ? (
      <HStack gap="3" role="alert">
        <Text color="fg.error" fontSize="sm">
          {t({ id: 'grant.list.readFailed', message: 'The list could not be read.' })}
        </Text>
        <Button size="xs" variant="outline" onClick={read.refetch}>
          {t({ id: 'common.action.retry', message: 'Retry' })}
        </Button>
      </HStack>
    ) : (
      <HStack gap="2" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm" color="fg.muted">
          {t({ id: 'grant.list.reading', message: 'Reading the list…' })}
        </Text>
      </HStack>
    );

  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Input
          size="sm"
          type="search"
          maxW="320px"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={searchLabel}
          aria-label={searchLabel}
        />
        <Button size="xs" variant="outline" onClick={tickShown} disabled={disabled || shown === 0}>
          {t({ id: 'grant.list.tickShown', message: `Tick ${shown} shown` })}
        </Button>
        <Button size="xs" variant="ghost" onClick={() => onChange([])} disabled={disabled || count === 0}>
          {t({ id: 'grant.list.clear', message: 'Clear' })}
        </Button>
        <Text fontSize="sm" color={count === 0 ? 'fg.warning' : 'fg.muted'} role="status">
          {count === 0
            ? t({ id: 'grant.list.noneTicked', message: 'None ticked: nothing of this kind is granted' })
            : (countText?.(count) ?? t({ id: 'grant.list.ticked', message: `${count} ticked` }))}
        </Text>
      </HStack>
      <Box maxH="240px" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
        <Stack gap="1">
          {all.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {emptyLabel}
            </Text>
          ) : matches.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t({ id: 'grant.list.noMatch', message: 'Nothing matches.' })}
            </Text>
          ) : null}
          {matches.slice(0, shownMax).map((o) => (
            <Checkbox.Root
              key={o.id}
              size="sm"
              disabled={disabled}
              checked={ticked.has(o.id)}
              onCheckedChange={(e) => toggle(o.id, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label minW="0">
                <Text as="span" truncate>
                  {o.label}
                </Text>
                {o.detail ? (
                  <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                    {o.detail}
                  </Text>
                ) : null}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
          {hidden > 0 ? (
            <Text color="fg.muted" fontSize="xs">
              {t({ id: 'grant.list.more', message: `${hidden} more: type to narrow the list.` })}
            </Text>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
