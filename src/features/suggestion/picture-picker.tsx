import { Box, Button, CloseButton, HStack, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { limits } from '../../contract';
import { UploadIcon } from '../../ui/icons';
import type { Picture } from './use-picture-uploads';

const accept = '.jpg,.jpeg,.png,.gif,.svg,image/jpeg,image/png,image/gif,image/svg+xml';

interface PicturePickerProps {
  pictures: readonly Picture[];
  onAdd: (files: readonly File[]) => void;
  onRemove: (key: string) => void;
  /** The refusal of the pictures, in words. */
  error: string | null;
}

/**
 * The pictures of feedback or of a ticket's message (spec §5): each shown as it uploads, removable,
 * up to 5; "Add pictures" opens the file chooser.
 */
export function PicturePicker({ pictures, onAdd, onRemove, error }: PicturePickerProps) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const picturesId = useId();
  return (
    <Stack gap="2" role="group" aria-labelledby={`${picturesId}-label`}>
      <Text asChild fontWeight="medium" fontSize="sm">
        <span id={`${picturesId}-label`}>{t({ id: 'feedback.form.pictures', message: 'Pictures' })}</span>
      </Text>
      <input
        ref={fileInput}
        id={picturesId}
        type="file"
        multiple
        accept={accept}
        // The "Add pictures" button is the control; the input only opens the file chooser.
        tabIndex={-1}
        aria-hidden="true"
        className="visually-hidden"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so that choosing the same file again fires a change.
          event.currentTarget.value = '';
          onAdd(files);
        }}
      />
      <HStack gap="3" wrap="wrap" align="flex-start">
        {pictures.map((picture) => {
          const file = picture.name;
          return (
            <Box
              key={picture.key}
              position="relative"
              w="96px"
              h="96px"
              borderWidth="1px"
              borderRadius="md"
              overflow="hidden"
              bg="bg.muted"
            >
              <Image src={picture.previewUrl} alt={picture.name} w="full" h="full" objectFit="cover" />
              {picture.status === 'uploading' ? (
                <Box
                  position="absolute"
                  inset="0"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  bg="blackAlpha.400"
                >
                  <Spinner
                    size="sm"
                    color="white"
                    aria-label={t({
                      id: 'feedback.form.uploading',
                      message: `Uploading ${file}`,
                    })}
                  />
                </Box>
              ) : null}
              <CloseButton
                size="2xs"
                position="absolute"
                top="1"
                insetEnd="1"
                bg="bg"
                aria-label={t({
                  id: 'feedback.form.removePicture',
                  message: `Remove ${file}`,
                })}
                onClick={() => onRemove(picture.key)}
              />
            </Box>
          );
        })}
        {pictures.length < limits.feedback.imagesMax ? (
          <Button
            variant="outline"
            h="96px"
            w="96px"
            flexDirection="column"
            gap="1"
            aria-describedby={`${picturesId}-hint`}
            onClick={() => fileInput.current?.click()}
          >
            <UploadIcon />
            <Text fontSize="xs" whiteSpace="normal">
              {t({ id: 'feedback.form.choosePictures', message: 'Add pictures' })}
            </Text>
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="xs" color="fg.muted" id={`${picturesId}-hint`}>
        {t({
          id: 'feedback.form.picturesHint',
          message: 'jpg, png, gif or svg; up to 5 pictures, each at most 5 MB.',
        })}
      </Text>
      {error ? (
        <Text fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
