import { Field, SegmentGroup, Stack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PaperFilePicker } from './paper-file-picker';

export type PaperSource = 'paste' | 'upload';

const LABELS: Record<PaperSource, string> = { paste: '粘贴正文', upload: '上传文件' };

type Props = {
  source: PaperSource;
  onSource: (source: PaperSource) => void;
  /** The order of the two choices (the check page offers the upload first). */
  order?: PaperSource[];
  file: File | null;
  onFile: (file: File | null) => void;
  onReject: (message: string) => void;
  /** A refusal shown under the picker (forms that show their errors at the bottom leave it out). */
  fileError?: string | null;
  /** Under the picked file: its live count, when the browser can count it. */
  fileInfo?: ReactNode;
  /** The paste box: its label and the textarea's props (value and onChange, or a react-hook-form register). */
  pasteLabel: string;
  textarea: TextareaProps;
  pasteError?: string;
  /** Under the paste box: the live count and the price. */
  pasteInfo?: ReactNode;
};

/** A paper given by upload or by pasting its text: the choice, then the file picker or the text box. */
export function PaperSourceField({ source, onSource, order = ['paste', 'upload'], file, onFile, onReject, fileError, fileInfo, pasteLabel, textarea, pasteError, pasteInfo }: Props) {
  return (
    <Stack gap="4">
      <SegmentGroup.Root value={source} onValueChange={(details) => onSource(details.value as PaperSource)} alignSelf="flex-start">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={order.map((value) => ({ value, label: LABELS[value] }))} />
      </SegmentGroup.Root>
      {source === 'upload' ? (
        <Stack gap="2">
          <PaperFilePicker file={file} onFile={onFile} onReject={onReject} />
          {fileError && (
            <Text color="red.600" fontSize="sm" role="alert">
              {fileError}
            </Text>
          )}
          {file && fileInfo}
        </Stack>
      ) : (
        <Field.Root invalid={Boolean(pasteError)}>
          <Field.Label>{pasteLabel}</Field.Label>
          <Textarea rows={10} {...textarea} />
          <Field.ErrorText>{pasteError}</Field.ErrorText>
          {pasteInfo}
        </Field.Root>
      )}
    </Stack>
  );
}
