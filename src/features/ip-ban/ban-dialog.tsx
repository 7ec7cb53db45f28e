import { Alert, Button, Field, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { limits } from '../../contract/limits';
import { checkReason } from '../../contract/rules/ip-ban';
import { DialogFrame } from '../../ui/dialog-frame';
import { LineProblem, LineProblems } from '../../ui/line-problems';
import { LinesInput } from '../../ui/lines-input';
import { checkBanText, replaceLine, suggestionFor, type InForceIndex } from './ban-check';
import { resolveExpiry, type ExpiryChoice } from './expiry';
import { ExpiryField } from './expiry-field';
import { ruleText } from './ip-ban-messages';
import { ReasonField } from './reason-field';

export interface BanDraft {
  lines: string;
  reason: string;
  expiry: ExpiryChoice;
}

interface BanDialogProps {
  open: boolean;
  draft: BanDraft;
  onDraftChange: (draft: BanDraft) => void;
  index: InForceIndex;
  now: number;
  onClose: () => void;
  /** Queues the bans; the dialog stays open with the draft when it resolves false. */
  onSubmit: (ranges: string[], reason: string, expiresAt: string | null) => Promise<boolean>;
}

/** Ban one or many IPs or ranges, one per line, checked line by line as they are typed. */
export function BanDialog({ open, draft, onDraftChange, index, now, onClose, onSubmit }: BanDialogProps) {
  const { t, i18n } = useLingui();
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);
  const problemsId = useId();
  const text = useDeferredValue(draft.lines);
  const check = useMemo(() => checkBanText(text, index), [text, index]);
  const stale = text !== draft.lines;
  const reasonProblem = checkReason(draft.reason);
  const expiry = resolveExpiry(draft.expiry, now);
  const set = (change: Partial<BanDraft>) => onDraftChange({ ...draft, ...change });

  const blocked =
    check.lineCount === 0 ||
    check.problemCount > 0 ||
    check.request !== null ||
    reasonProblem !== null ||
    !expiry.ok;

  async function submit() {
    setTried(true);
    if (blocked || stale || submitting) return;
    // Presets count from the moment of submitting.
    const final = resolveExpiry(draft.expiry, Date.now());
    if (!final.ok) return;
    setSubmitting(true);
    try {
      if (await onSubmit(check.valid, draft.reason.trim(), final.expiresAt)) setTried(false);
    } finally {
      setSubmitting(false);
    }
  }

  const problems = check.lines.filter((line) => line.problem);
  const { lineCount, problemCount } = check;
  const summary =
    lineCount === 0
      ? null
      : problemCount > 0
        ? t({
            id: 'ipBan.banDialog.problemSummary',
            message: plural(problemCount, {
              one: `# line out of ${lineCount} needs fixing before the ban can be submitted.`,
              other: `# lines out of ${lineCount} need fixing before the ban can be submitted.`,
            }),
          })
        : check.request === null
          ? t({
              id: 'ipBan.banDialog.readySummary',
              message: plural(lineCount, {
                one: '# IP or range will be banned.',
                other: '# IPs or ranges will be banned.',
              }),
            })
          : null;
  const room = Math.max(0, limits.ipBan.entriesMax - index.entries.length);

  return (
    <DialogFrame
      open={open}
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onClose={onClose}
      onSubmit={() => void submit()}
      title={t({ id: 'ipBan.banDialog.title', message: 'Ban IPs' })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="red" loading={submitting} disabled={blocked || stale}>
            {t({ id: 'ipBan.banDialog.submit', message: 'Ban' })}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <Field.Root invalid={problems.length > 0 || (tried && check.request !== null)}>
          <Field.Label>
            {t({ id: 'ipBan.banDialog.lines', message: 'IP addresses or CIDR ranges' })}
          </Field.Label>
          <LinesInput
            value={draft.lines}
            onChange={(lines) => set({ lines })}
            rows={8}
            placeholder={'192.0.2.1\n198.51.100.0/24\n2001:db8::/48'}
            describedBy={problems.length > 0 ? problemsId : undefined}
            note={
              <Field.HelperText>
                {t({
                  id: 'ipBan.banDialog.linesHelp',
                  message:
                    'One IPv4 or IPv6 address or CIDR range per line, at most 500 lines. A range starts at its network address (e.g. 192.0.2.0/24).',
                })}
              </Field.HelperText>
            }
            counter={`${lineCount}/${limits.ipBan.linesMax}`}
            over={lineCount > limits.ipBan.linesMax}
          />
        </Field.Root>

        {problems.length > 0 ? (
          <LineProblems
            id={problemsId}
            label={t({ id: 'ipBan.banDialog.problems', message: 'Problems by line' })}
            maxH="200px"
          >
            {problems.map((line) => {
              const suggestion = suggestionFor(line);
              const number = line.line;
              return (
                <LineProblem
                  key={line.line}
                  lineLabel={t({ id: 'ipBan.banDialog.lineNumber', message: `Line ${number}` })}
                  text={line.input}
                  problem={ruleText(i18n, line.problem ?? '', line.other)}
                  py="1.5"
                  gap="0.5"
                >
                  {suggestion ? (
                    <Button
                      size="2xs"
                      variant="outline"
                      mt="1"
                      onClick={() => set({ lines: replaceLine(draft.lines, line.line, suggestion) })}
                    >
                      {t({ id: 'ipBan.banDialog.useNetwork', message: `Use ${suggestion}` })}
                    </Button>
                  ) : null}
                </LineProblem>
              );
            })}
          </LineProblems>
        ) : null}

        {check.request !== null && (check.request !== 'ipBan.rule.noLines' || tried) ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{ruleText(i18n, check.request)}</Alert.Title>
              {check.request === 'ipBan.rule.listFull' ? (
                <Alert.Description>
                  {t({
                    id: 'ipBan.banDialog.room',
                    message: plural(room, {
                      one: 'Only # more entry can be banned now.',
                      other: 'Only # more entries can be banned now.',
                    }),
                  })}
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Text
          fontSize="sm"
          aria-live="polite"
          color={problemCount > 0 ? 'fg.error' : 'fg.muted'}
          minH="1.25em"
        >
          {summary}
        </Text>

        <ReasonField
          value={draft.reason}
          onChange={(reason) => set({ reason })}
          error={reasonProblem ? ruleText(i18n, reasonProblem) : null}
        />
        <ExpiryField
          value={draft.expiry}
          onChange={(expiry) => set({ expiry })}
          error={expiry.ok ? null : ruleText(i18n, expiry.problem)}
          now={now}
        />
      </Stack>
    </DialogFrame>
  );
}
