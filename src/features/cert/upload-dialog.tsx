import { Alert, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { api, isApiError } from '../../api';
import type { CertEntry } from '../../contract/cert';
import { DialogFrame } from '../../ui/dialog-frame';
import { FormFailure } from '../../ui/form-failure';
import { notify } from '../../ui/toaster';
import { certMessage } from './cert-messages';

interface Draft {
  name: string;
  certificate: string;
  key: string;
  password: string;
}
const emptyDraft: Draft = { name: '', certificate: '', key: '', password: '' };

type Issues = Partial<Record<keyof Draft, string>>;

/** Reads a chosen file as text; refuses where the browser has no FileReader (spec §8). */
function readText(file: File): Promise<string> {
  if (typeof FileReader === 'undefined') return Promise.reject(new Error('noFileReader'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('readFailed'));
    reader.readAsText(file);
  });
}

/**
 * Uploads a certificate (spec §2, §5, §8): a name, the certificate with its chain and the private
 * key, pasted or chosen from files, and the key password of an encrypted key. Online only: the
 * private key goes straight to the server, never into the outbox. A chain that does not link is
 * answered with a force-submit. Every field keeps what was typed whatever the answer.
 */
export function UploadDialog({
  online,
  onClose,
  onUploaded,
}: {
  online: boolean;
  onClose: () => void;
  onUploaded: (cert: CertEntry) => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [issues, setIssues] = useState<Issues>({});
  const [forceable, setForceable] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const certFile = useRef<HTMLInputElement>(null);
  const keyFile = useRef<HTMLInputElement>(null);

  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setIssues((i) => ({ ...i, [field]: undefined }));
    if (field === 'certificate') setForceable(false);
  };
  const textOf = (id: string) =>
    i18n._(certMessage(id, { id: 'cert.upload.failed', message: 'Upload file failed' }));

  const choose = async (field: 'certificate' | 'key', files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    try {
      set(field, await readText(file));
    } catch (error) {
      setIssues((i) => ({
        ...i,
        [field]:
          error instanceof Error && error.message === 'noFileReader'
            ? t({
                id: 'cert.upload.noFileReader',
                message: 'This browser does not support FileReader: paste the text instead.',
              })
            : t({ id: 'cert.upload.failed', message: 'Upload file failed' }),
      }));
    }
  };

  const submit = async (force: boolean) => {
    const local: Issues = {};
    if (draft.name.trim() === '') local.name = textOf('cert.name.required');
    if (draft.certificate.trim() === '') local.certificate = textOf('cert.required');
    if (draft.key.trim() === '') local.key = textOf('cert.keyRequired');
    if (Object.keys(local).length > 0) return setIssues(local);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.call('certUpload', { ...draft, force }, { quiet: true });
      notify('success', textOf('cert.uploaded'));
      onUploaded(answer.cert);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const data = (error.data ?? {}) as {
        issues?: { path: string; message_id: string }[];
        forceable?: boolean;
      };
      const issue = data.issues?.[0];
      if (issue && ['name', 'certificate', 'key', 'password'].includes(issue.path)) {
        // A chain that does not link is said once, in the notice that offers to submit it anyway.
        const forceable = data.forceable === true;
        setIssues(forceable ? {} : { [issue.path]: textOf(issue.message_id) });
        setForceable(forceable);
      } else setFailure(error.message || t({ id: 'cert.upload.failed', message: 'Upload file failed' }));
    } finally {
      setBusy(false);
    }
  };

  const pemField = (field: 'certificate' | 'key', label: string, hint: string, input: typeof certFile) => (
    <Field.Root invalid={Boolean(issues[field])} required>
      <HStack justify="space-between" w="full">
        <Field.Label>{label}</Field.Label>
        <Button size="xs" variant="outline" onClick={() => input.current?.click()}>
          {t({ id: 'cert.upload.chooseFile', message: 'Choose a file' })}
        </Button>
      </HStack>
      <input
        ref={input}
        type="file"
        hidden
        accept=".pem,.crt,.cer,.key,.txt"
        aria-label={label}
        onChange={(e) => void choose(field, e.target.files)}
      />
      <Textarea
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        rows={5}
        fontFamily="mono"
        fontSize="xs"
        spellCheck={false}
        placeholder={hint}
      />
      {issues[field] ? <Field.ErrorText>{issues[field]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <DialogFrame
      size="lg"
      title={t({ id: 'cert.upload.title', message: 'Upload certificate' })}
      onClose={onClose}
      onSubmit={() => void submit(false)}
      closeOnInteractOutside={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'common.action.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!online}>
            {t({ id: 'cert.upload.submit', message: 'Upload' })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {!online ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              {t({
                id: 'cert.upload.offline',
                message:
                  'Uploading needs a connection: the private key is sent straight to the server and never kept on this device.',
              })}
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <Field.Root invalid={Boolean(issues.name)} required>
          <Field.Label>{t({ id: 'cert.field.name', message: 'Certificate name' })}</Field.Label>
          <Input value={draft.name} maxLength={64} onChange={(e) => set('name', e.target.value)} />
          {issues.name ? <Field.ErrorText>{issues.name}</Field.ErrorText> : null}
        </Field.Root>
        {pemField(
          'certificate',
          t({ id: 'cert.field.certificate', message: 'Certificate and chain (PEM)' }),
          t({
            id: 'cert.field.certificateHint',
            message: 'The certificate first, then the intermediate certificates of its chain',
          }),
          certFile,
        )}
        {forceable ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{textOf('cert.chainInconsistent')}</Alert.Title>
              <Alert.Description>
                <Stack gap="2" align="flex-start">
                  <Text>
                    {t({
                      id: 'cert.upload.forceHint',
                      message:
                        'Browsers may not trust a certificate whose chain is incomplete. Submit it anyway only if you are sure; it is marked pending audit.',
                    })}
                  </Text>
                  <Button size="sm" colorPalette="orange" loading={busy} onClick={() => void submit(true)}>
                    {t({ id: 'cert.upload.force', message: 'Submit anyway' })}
                  </Button>
                </Stack>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {pemField(
          'key',
          t({ id: 'cert.field.key', message: 'Private key (PEM)' }),
          '-----BEGIN PRIVATE KEY-----',
          keyFile,
        )}
        <Field.Root invalid={Boolean(issues.password)}>
          <Field.Label>{t({ id: 'cert.field.password', message: 'Key password' })}</Field.Label>
          <Input
            type="password"
            autoComplete="off"
            value={draft.password}
            onChange={(e) => set('password', e.target.value)}
          />
          <Field.HelperText>
            {t({ id: 'cert.field.passwordHint', message: 'Only for an encrypted private key' })}
          </Field.HelperText>
          {issues.password ? <Field.ErrorText>{issues.password}</Field.ErrorText> : null}
        </Field.Root>
        <FormFailure failure={failure} />
      </Stack>
    </DialogFrame>
  );
}
