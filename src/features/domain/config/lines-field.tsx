import { Field, Textarea } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type Issues, useIssueText } from './fields';

/**
 * A list of entries, one per line (spec §5: IP, UA and referer lists). The lines stay as typed;
 * the issues of each line are listed under the field by line number.
 */
export function LinesField({
  label,
  values,
  onChange,
  issues,
  path,
  hint,
  disabled,
}: {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  issues: Issues;
  /** The path of the entries in the form (`ip.entries`). */
  path: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const issueText = useIssueText();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed !== null && linesOf(typed).join('\n') === values.join('\n') ? typed : values.join('\n');
  const lineIssues = values.flatMap((_, i) => {
    const id = issues.get(`${path}.${i}`);
    return id ? [{ line: i + 1, text: issueText(id) ?? id }] : [];
  });
  const listIssue = issues.get(path);
  return (
    <Field.Root invalid={lineIssues.length > 0 || listIssue !== undefined} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        rows={5}
        fontFamily="mono"
        fontSize="sm"
        value={text}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          onChange(linesOf(e.currentTarget.value));
        }}
      />
      {listIssue ? <Field.ErrorText>{issueText(listIssue)}</Field.ErrorText> : null}
      {lineIssues.map((issue) => (
        <Field.ErrorText key={issue.line}>
          {t({
            id: 'domainConfig.lines.issue',
            message: `Line ${ph({ line: issue.line })}: ${ph({ problem: issue.text })}`,
          })}
        </Field.ErrorText>
      ))}
      {hint && lineIssues.length === 0 && !listIssue ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** The entries of a text, one per line, blank lines left out. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');
