import { Button, Field, HStack, Text } from '@chakra-ui/react';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { limits } from '../../contract/limits';
import { contentQuotaProblem, readContentLines, type ContentKind } from '../../contract/rules/content';
import { LineProblem, LineProblems } from '../../ui/line-problems';
import { LinesInput } from '../../ui/lines-input';
import { OfflineNotice } from '../../ui/offline-notice';
import { contentText } from './content-messages';
import { OutlinedFormCard } from '../../ui/outlined-form-card';

export interface QuotaLeft {
  /** URLs of this kind used today by the server's count, and queued on this device. */
  used: number;
  queued: number;
  perDay: number;
}

export interface SubmitFormProps {
  kind: ContentKind;
  /** What the user typed (kept by the screen across tabs). */
  text: string;
  onText(text: string): void;
  /** Today's use of this kind; undefined while unknown (offline before the first read). */
  quota: QuotaLeft | undefined;
  online: boolean;
  /** Queues the submission; resolves false when it could not be saved (the text is kept). */
  onSubmit(urls: string[]): Promise<boolean>;
}

const shownProblems = 50;

/**
 * One kind of submission (spec §2 /cdn/content): URLs one per line, checked line by line with the
 * server's rules; the count against the per-submission limit; what is left of today's quota.
 */
export function SubmitForm({ kind, text, onText, quota, online, onSubmit }: SubmitFormProps) {
  const { t, i18n } = useLingui();
  const problemsId = useId();
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const read = useMemo(() => readContentLines(kind, text), [kind, text]);
  const lines = useMemo(() => text.split(/\r?\n/), [text]);
  const perSubmit = limits.content.perSubmit[kind];
  const count = read.urls.length + read.problems.length;
  // Offline before the first read of the quota, the limits still hold as if nothing were used.
  const quotaProblem =
    read.urls.length > 0
      ? contentQuotaProblem(kind, read.urls.length, quota ? quota.used + quota.queued : 0)
      : null;
  // Empty is said only once submitting was tried; the rest as the user types.
  const requestProblem =
    read.problems.length > 0
      ? { messageId: 'content.submit.hasErrors', data: {} }
      : (quotaProblem ?? (read.urls.length === 0 && tried ? contentQuotaProblem(kind, 0, 0) : null));
  const left = quota ? Math.max(0, quota.perDay - quota.used - quota.queued) : undefined;

  const submit = async () => {
    setTried(true);
    if (read.problems.length > 0 || read.urls.length === 0 || quotaProblem !== null) return;
    setSending(true);
    const saved = await onSubmit(read.urls);
    setSending(false);
    if (saved) {
      onText('');
      setTried(false);
    }
  };

  const help = {
    url: t({
      id: 'content.form.urlHelp',
      message:
        'Enter full URLs with http:// or https://, one per line, on accelerated domains of this account. Cached copies on the edge expire and are fetched from the origin again; it takes effect in about 3 to 5 minutes.',
    }),
    dir: t({
      id: 'content.form.dirHelp',
      message:
        'Enter directories ending with /, one per line, such as https://www.example.com/images/. Everything cached under them expires. Refreshing a whole site is not supported. It takes effect in about 3 to 5 minutes.',
    }),
    prefetch: t({
      id: 'content.form.prefetchHelp',
      message:
        'Enter full URLs of files, one per line: the edge fetches them from the origin before users ask for them. It takes 5 to 30 minutes depending on the size of the files.',
    }),
  }[kind];
  const label = {
    url: t({ id: 'content.form.urlLabel', message: 'URLs to refresh' }),
    dir: t({ id: 'content.form.dirLabel', message: 'Directories to refresh' }),
    prefetch: t({ id: 'content.form.prefetchLabel', message: 'URLs to prefetch' }),
  }[kind];
  const placeholder = {
    url: 'https://www.example.com/index.html\nhttps://www.example.com/static/app.js',
    dir: 'https://www.example.com/images/\nhttps://www.example.com/static/',
    prefetch: 'https://www.example.com/video/intro.mp4\nhttps://www.example.com/download/setup.exe',
  }[kind];
  const firstProblems = read.problems.slice(0, shownProblems);
  const more = read.problems.length - firstProblems.length;

  return (
    <OutlinedFormCard onSubmit={() => void submit()}>
      <Text fontSize="sm" color="fg.muted">
        {help}
      </Text>
      <Field.Root invalid={requestProblem !== null}>
        <Field.Label>{label}</Field.Label>
        <LinesInput
          value={text}
          onChange={onText}
          rows={10}
          placeholder={placeholder}
          describedBy={read.problems.length > 0 ? problemsId : undefined}
          wrap
          note={
            requestProblem ? (
              <Field.ErrorText>
                {contentText(i18n, requestProblem.messageId, requestProblem.data)}
              </Field.ErrorText>
            ) : (
              <Field.HelperText>
                {t({
                  id: 'content.form.perSubmit',
                  message: `At most ${perSubmit} per submission.`,
                })}
              </Field.HelperText>
            )
          }
          counter={`${i18n.number(count)}/${i18n.number(perSubmit)}`}
          over={count > perSubmit}
        />
      </Field.Root>

      {firstProblems.length > 0 ? (
        <LineProblems
          id={problemsId}
          label={t({ id: 'content.form.problems', message: 'Problems by line' })}
          maxH="220px"
          footer={
            more > 0 ? (
              <Text fontSize="sm" color="fg.error" pt="1">
                {t({
                  id: 'content.form.moreProblems',
                  message: plural(more, {
                    one: '# more line has a problem.',
                    other: '# more lines have problems.',
                  }),
                })}
              </Text>
            ) : null
          }
        >
          {firstProblems.map((problem) => {
            const number = problem.line;
            return (
              <LineProblem
                key={problem.line}
                lineLabel={t({ id: 'content.form.lineNumber', message: `Line ${number}` })}
                text={lines[problem.line - 1]?.trim()}
                problem={contentText(i18n, problem.messageId, { max: limits.content.urlMax })}
                py="1"
                gap="0"
              />
            );
          })}
        </LineProblems>
      ) : null}

      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" role="status">
          {quota === undefined || left === undefined
            ? t({
                id: 'content.quota.unknown',
                message: "Today's remaining quota is shown once the console is online.",
              })
            : t({
                id: 'content.quota.left',
                message: `Today: ${ph({ used: i18n.number(quota.used + quota.queued) })} of ${ph({ perDay: i18n.number(quota.perDay) })} used, ${ph({ left: i18n.number(left) })} left.`,
              })}
        </Text>
        <Button type="submit" colorPalette="blue" loading={sending}>
          {t({ id: 'content.form.submit', message: 'Submit' })}
        </Button>
      </HStack>
      <OfflineNotice online={online}>
        {t({
          id: 'content.form.offline',
          message:
            'You are offline: the submission is kept on this device and sent when the connection returns. The server then checks the domains and the quota again.',
        })}
      </OfflineNotice>
    </OutlinedFormCard>
  );
}
