import { Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SectionContent } from '../../../contract/domain-config';
import { formatDateTime } from '../../../ui/format';
import { TextFieldWithAction } from './fields';
import { checkSignedUrl, type SignedUrlCheck as Check } from './url-signing';

/**
 * "Check a signed URL" (spec §5 URL authentication, §8 "domain authentication algorithm
 * mismatch"): a URL the user's application made, checked on this device against the section as
 * saved, by the edge's rules: whether the edge would serve it, and if not, why.
 */
export function SignedUrlCheck({ value }: { value: SectionContent<'domainUrlAuth'> }) {
  const { t } = useLingui();
  const [url, setUrl] = useState('');
  const [found, setFound] = useState<Check | null>(null);

  const verdict = (check: Check): { ok: boolean; text: string } => {
    switch (check.state) {
      case 'valid':
        return {
          ok: true,
          text: t({
            id: 'domainConfig.urlAuth.check.valid',
            message: `Valid: signed with type ${ph({ type: check.type })}, served until ${ph({ time: formatDateTime(check.until) })}.`,
          }),
        };
      case 'expired':
        return {
          ok: false,
          text: t({
            id: 'domainConfig.urlAuth.check.expired',
            message: `Expired at ${ph({ time: formatDateTime(check.until) })}: the edge refuses it.`,
          }),
        };
      case 'signature':
        return {
          ok: false,
          text: t({
            id: 'domainConfig.urlAuth.check.signature',
            message: 'The signature matches neither the primary nor the backup key: the edge refuses it.',
          }),
        };
      case 'mismatch':
        return {
          ok: false,
          text: t({
            id: 'domainConfig.urlAuth.check.mismatch',
            message: `The domain's authentication algorithm does not match: the URL is signed with type ${ph({ type: check.type })}, the domain uses type ${ph({ expected: check.expected })}.`,
          }),
        };
      case 'unsigned':
        return {
          ok: false,
          text: t({
            id: 'domainConfig.urlAuth.check.unsigned',
            message: 'The URL carries no signature of type A, B or C.',
          }),
        };
    }
  };
  const shown = found ? verdict(found) : null;

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        {t({ id: 'domainConfig.urlAuth.check', message: 'Check a signed URL' })}
      </Text>
      <TextFieldWithAction
        label={t({ id: 'domainConfig.urlAuth.check.url', message: 'Signed URL' })}
        value={url}
        placeholder="http://www.example.com/video/demo.mp4?auth_key=…"
        onChange={(next) => {
          setUrl(next);
          setFound(null);
        }}
        action={{
          label: t({ id: 'domainConfig.urlAuth.check.run', message: 'Check' }),
          disabled: url.trim() === '',
          run: () => setFound(checkSignedUrl(url, value, Math.floor(Date.now() / 1000))),
        }}
      />
      {shown ? (
        <Text as="output" role="status" fontSize="sm" color={shown.ok ? 'green.fg' : 'red.fg'}>
          {shown.text}
        </Text>
      ) : null}
    </Stack>
  );
}
