import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { isObject, isObjectList } from './diff';
import { FieldGrid } from './field-grid';
import { fieldLabel, formatValue, orderedEntries } from './labels';
import { LabelledValue } from '../../../ui/labelled-value';
import { RulesView } from './rules-view';

/** Fields a section shows in a panel of their own: the HTTPS certificate, by its name and expiry. */
const shownApart = new Set(['certificate_id']);

/**
 * A section's values as the user reads them: each field with its name, groups of fields (a list's
 * settings) together, lists of rules as tables. One view for every section: what the content
 * holds is what it shows, in the words of `labels`.
 */
export function ContentView({ value }: { value: Record<string, unknown> }) {
  const { i18n } = useLingui();
  const label = (key: string) => fieldLabel(key, i18n);
  const entries = orderedEntries(Object.entries(value)).filter(([key]) => !shownApart.has(key));
  const plain = entries.filter(([, v]) => !isObject(v) && !isObjectList(v));
  const groups = entries.filter(([, v]) => isObject(v)) as [string, Record<string, unknown>][];
  const lists = entries.filter(([, v]) => isObjectList(v)) as [string, Record<string, unknown>[]][];
  return (
    <Stack gap="4">
      {plain.length > 0 ? (
        <FieldGrid>
          {plain.map(([key, v]) => (
            <LabelledValue key={key} label={label(key)}>
              {formatValue(v, key, i18n)}
            </LabelledValue>
          ))}
        </FieldGrid>
      ) : null}
      {groups.map(([key, group]) => (
        <Stack key={key} gap="2">
          <Text fontWeight="semibold">{label(key)}</Text>
          <FieldGrid>
            {orderedEntries(Object.entries(group)).map(([field, v]) => (
              <LabelledValue key={field} label={label(field)}>
                {formatValue(v, field, i18n)}
              </LabelledValue>
            ))}
          </FieldGrid>
        </Stack>
      ))}
      {lists.map(([key, rules]) => (
        <RulesView key={key} label={label(key)} rules={rules} />
      ))}
    </Stack>
  );
}
