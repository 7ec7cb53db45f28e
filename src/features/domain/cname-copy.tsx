import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CopyIcon } from '../../ui/icons';
import { copyText } from '../../ui/copy-text';

/**
 * A domain's CNAME with a copy button. Empty while the creation (or a rename) waits for the
 * server, which generates it: the text then says so.
 */
export function CnameCopy({ cname }: { cname: string }) {
  const { t } = useLingui();
  if (cname === '')
    return (
      <Text color="fg.muted" fontSize="sm">
        {t({ id: 'domain.cname.pending', message: 'Generated after sync' })}
      </Text>
    );
  const label = t({ id: 'domain.cname.copy', message: 'Copy CNAME' });
  return (
    <HStack gap="1" minW="0">
      <Text fontFamily="mono" fontSize="sm" truncate title={cname}>
        {cname}
      </Text>
      <IconButton
        aria-label={label}
        title={label}
        size="2xs"
        variant="ghost"
        onClick={() =>
          void copyText(cname, {
            ok: t({ id: 'domain.cname.copied', message: 'Copied to the clipboard' }),
            failed: t({
              id: 'domain.cname.copyFailed',
              message: 'Copy failed. Select the text and copy it by hand.',
            }),
          })
        }
      >
        <CopyIcon size={14} />
      </IconButton>
    </HStack>
  );
}
