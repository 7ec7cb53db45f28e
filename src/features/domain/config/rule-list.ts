import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { type Issues } from './fields';
import { fieldLabel } from './labels';

/**
 * What a rule table edits: one list of the section's content, named by its key, with the issue
 * of the whole list.
 */
export function ruleList<V extends object, K extends keyof V & string>(
  { value, onChange, issues }: { value: V; onChange(next: V): void; issues: Issues },
  key: K,
  i18n: I18n,
) {
  return {
    label: fieldLabel(key, i18n),
    rules: value[key],
    onChange: (rules: V[K]) => onChange({ ...value, [key]: rules }),
    issue: issues.get(key),
  };
}

export const addRule = msg({ id: 'domainConfig.addRule', message: 'Add a rule' });
