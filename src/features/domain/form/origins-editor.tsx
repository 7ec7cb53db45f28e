import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { limits } from '../../../contract/limits';
import {
  isPrimary,
  primaryLevel,
  wholeNumber,
  type OriginIssue,
  type OriginProblem,
} from '../../../contract/rules/domain';
import { domainRuleMessages } from '../domain-messages';
import { emptyOrigin, type OriginDraft } from './drafts';
import { advancedFields, OriginRow, type OriginField } from './origin-row';

export interface OriginsEditorProps {
  value: OriginDraft[];
  onChange(next: OriginDraft[]): void;
  /** The problems to show, as `checkOrigins` gives them: `origins` or `origins.<i>.<field>`. */
  issues: readonly OriginIssue[];
  /** The accelerated domain: the back-to-origin host when none is given. */
  serviceDomain?: string;
  disabled?: boolean;
  /** Told when the user leaves (or changes a choice of) a field: `origins.<i>.<field>`. */
  onTouch?(path: string): void;
}

/**
 * The origins of a domain (spec §3 "Origin (new style)", §5 "Origins"): one row per origin, the
 * rule's message under each field, list-level problems above the list. The primary origins are
 * those of the smallest level, the others backups; each row says which it is.
 */
export function OriginsEditor({
  value,
  onChange,
  issues,
  serviceDomain = '',
  disabled = false,
  onTouch,
}: OriginsEditorProps) {
  const { t, i18n } = useLingui();
  const [openAdvanced, setOpenAdvanced] = useState<ReadonlySet<string>>(() => new Set());
  /** The row just added, whose address takes the focus once it is there. */
  const focusNext = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const byPath = useMemo(() => {
    const map = new Map<string, OriginProblem>();
    for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message_id);
    return map;
  }, [issues]);
  const listProblems = [...new Set(issues.filter((i) => i.path === 'origins').map((i) => i.message_id))];
  const primary = primaryLevel(value);
  const full = value.length >= limits.domain.originsMax;

  const replace = (index: number, next: OriginDraft) =>
    onChange(value.map((origin, i) => (i === index ? next : origin)));
  const add = () => {
    if (full) return;
    const origin = emptyOrigin();
    focusNext.current = origin.key;
    onChange([...value, origin]);
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    // The row and its button are gone: keep the keyboard user in the editor.
    addButton.current?.focus();
  };

  const count = value.length;
  const max = limits.domain.originsMax;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'domain.originForm.levelHint',
          message:
            'Priority 10–20: the origins with the smallest priority are primary; the others are backups, used when the primary origins fail.',
        })}
      </Text>
      {listProblems.length > 0 ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            {listProblems.map((id) => (
              <Alert.Description key={id}>{i18n._(domainRuleMessages[id])}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {value.map((origin, index) => {
        const level = wholeNumber(origin.level);
        const advancedIssue = advancedFields.some((field) => byPath.has(`origins.${index}.${field}`));
        return (
          <OriginRow
            key={origin.key}
            index={index}
            value={origin}
            onChange={(next) => replace(index, next)}
            issueOf={(field: OriginField) => byPath.get(`origins.${index}.${field}`)}
            role={level === null ? null : isPrimary(origin, primary) ? 'primary' : 'backup'}
            serviceDomain={serviceDomain}
            disabled={disabled}
            // A problem in a hidden field opens the disclosure, so that it can be seen.
            advancedOpen={advancedIssue || openAdvanced.has(origin.key)}
            onAdvancedOpenChange={(open) =>
              setOpenAdvanced((current) => {
                const next = new Set(current);
                if (open) next.add(origin.key);
                else next.delete(origin.key);
                return next;
              })
            }
            onTouch={(field) => onTouch?.(`origins.${index}.${field}`)}
            onRemove={value.length > 1 ? () => remove(index) : null}
            addressRef={(element) => {
              if (element && focusNext.current === origin.key) {
                focusNext.current = null;
                element.focus();
              }
            }}
          />
        );
      })}
      <HStack gap="3" wrap="wrap">
        <Button ref={addButton} size="sm" variant="outline" onClick={add} disabled={disabled || full}>
          {t({ id: 'domain.originForm.add', message: 'Add origin' })}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {full
            ? t({
                id: 'domain.originForm.full',
                message: plural(max, { one: 'At most # origin', other: 'At most # origins' }),
              })
            : t({
                id: 'domain.originForm.count',
                message: plural(max, {
                  one: `${count} of at most # origin`,
                  other: `${count} of at most # origins`,
                }),
              })}
        </Text>
      </HStack>
    </Stack>
  );
}
