import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SectionContent } from '../../../contract/domain-config';
import { formatDateTime } from '../../../ui/format';
import { notify } from '../../../ui/toaster';
import { TextFieldWithAction } from './fields';
import { SignedUrlCheck } from './signed-url-check';
import { signedUrl } from './url-signing';

/**
 * "Generate a signed URL" (spec §5 URL authentication): a file's path signed with the section's
 * primary key as saved, so the user can try the signing before handing it to their application;
 * and a URL their application signed, checked. Done on this device: the key never leaves it for this.
 */
export function SignedUrlHelper({
  domain,
  value,
}: {
  domain: string;
  value: SectionContent<'domainUrlAuth'>;
}) {
  const { t } = useLingui();
  const [path, setPath] = useState('/');
  const [made, setMade] = useState<{ url: string; until: number } | null>(null);
  if (!value.enabled || value.primary_key === '') return null;
  const host = domain.startsWith('*.') ? `www.${domain.slice(2)}` : domain;
  const valid = path.startsWith('/') && !/\s/.test(path);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="3">
        <Text fontWeight="semibold">
          {t({ id: 'domainConfig.urlAuth.helper', message: 'Generate a signed URL' })}
        </Text>
        <TextFieldWithAction
          label={t({ id: 'domainConfig.urlAuth.path', message: 'File path' })}
          value={path}
          placeholder="/video/demo.mp4"
          onChange={(next) => {
            setPath(next);
            setMade(null);
          }}
          issue={valid ? undefined : 'domainConfig.rewrite.path'}
          action={{
            label: t({ id: 'domainConfig.urlAuth.generate', message: 'Generate' }),
            disabled: !valid,
            run: () => {
              const now = Math.floor(Date.now() / 1000);
              setMade({
                url: signedUrl({
                  type: value.type,
                  key: value.primary_key,
                  origin: `http://${host}`,
                  path,
                  now,
                }),
                until: (now + value.lifetime) * 1000,
              });
            },
          }}
        />
        {made ? (
          <Stack gap="2">
            <Box
              as="output"
              p="2"
              bg="bg.muted"
              borderRadius="sm"
              fontFamily="mono"
              fontSize="sm"
              wordBreak="break-all"
            >
              {made.url}
            </Box>
            <HStack gap="3" wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                {t({
                  id: 'domainConfig.urlAuth.validUntil',
                  message: `Valid until ${ph({ time: formatDateTime(made.until) })}`,
                })}
              </Text>
              <Button
                size="xs"
                variant="ghost"
                onClick={() =>
                  void navigator.clipboard.writeText(made.url).then(
                    () =>
                      notify(
                        'success',
                        t({ id: 'domainConfig.urlAuth.copied', message: 'Signed URL copied.' }),
                      ),
                    () => undefined,
                  )
                }
              >
                {t({ id: 'domainConfig.urlAuth.copy', message: 'Copy' })}
              </Button>
            </HStack>
          </Stack>
        ) : null}
        <SignedUrlCheck value={value} />
      </Stack>
    </Box>
  );
}
