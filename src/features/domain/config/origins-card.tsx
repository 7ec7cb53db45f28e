import { Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { commandFor } from '../../../commands/queue';
import type { DomainEntry } from '../../../contract/domain';
import { checkOrigins } from '../../../contract/rules/domain';
import { DialogFrame } from '../../../ui/dialog-frame';
import { draftsOf, toOrigins, type OriginDraft } from '../form/drafts';
import { OriginsEditor } from '../form/origins-editor';
import { diffConfig } from './diff';
import { EditActions } from './edit-actions';
import { useQueueChange } from './queue-change';
import { ChangesTable } from './changes-table';

/**
 * The origins of a domain after its creation (spec §5 "Origins"): shown as a table, edited with
 * the creation form's editor, the change reviewed field by field, then queued as `domain.setOrigins`.
 */
export function OriginsCard({
  entry,
  readOnly,
  table,
}: {
  entry: DomainEntry;
  readOnly: boolean;
  table: ReactNode;
}) {
  const { t } = useLingui();
  const queueing = useQueueChange();
  const [draft, setDraft] = useState<OriginDraft[] | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [shownIssues, setShownIssues] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const issues = draft ? checkOrigins(draft) : [];
  const changes = draft ? diffConfig({ origins: entry.origins }, { origins: toOrigins(draft) }) : [];

  const apply = async () => {
    if (!draft) return;
    setSaving(true);
    setFailure(null);
    try {
      await queueing.queue(
        commandFor('domain.setOrigins', { id: entry.id, origins: toOrigins(draft), shown_as: entry.domain }),
      );
      setReviewing(false);
      setDraft(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.name : 'Error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card.Root id="section-origins">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading size="md">{t({ id: 'domain.detail.origins', message: 'Origins' })}</Heading>
          {draft === null ? (
            <Button
              size="sm"
              variant="outline"
              disabled={readOnly}
              onClick={() => setDraft(draftsOf(entry.origins))}
            >
              {t({ id: 'domainConfig.edit', message: 'Edit' })}
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {draft === null ? (
          table
        ) : (
          <Stack gap="4">
            <OriginsEditor
              value={draft}
              onChange={setDraft}
              issues={shownIssues ? issues : []}
              serviceDomain={entry.domain}
            />
            <EditActions
              invalid={shownIssues && issues.length > 0}
              failure={failure ? queueing.failureText(failure) : null}
              onReview={() => {
                setShownIssues(true);
                if (issues.length === 0) setReviewing(true);
              }}
              onCancel={() => {
                setDraft(null);
                setShownIssues(false);
              }}
            />
          </Stack>
        )}
      </Card.Body>
      {reviewing ? (
        <DialogFrame
          size="lg"
          title={t({ id: 'domainConfig.originsReview', message: 'Review the changes: origins' })}
          onClose={() => setReviewing(false)}
          footer={
            <>
              <Button variant="outline" onClick={() => setReviewing(false)}>
                {t({ id: 'domainConfig.back', message: 'Back to editing' })}
              </Button>
              <Button
                colorPalette="blue"
                disabled={changes.length === 0}
                loading={saving}
                onClick={() => void apply()}
              >
                {t({ id: 'domainConfig.apply', message: 'Apply' })}
              </Button>
            </>
          }
        >
          <ChangesTable changes={changes} />
        </DialogFrame>
      ) : null}
    </Card.Root>
  );
}
