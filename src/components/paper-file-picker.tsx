import { Box, Button, FileUpload, HStack, Icon, Text } from '@chakra-ui/react';
import { FileText, Upload } from 'lucide-react';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

// Browsers name .docx and .pdf types inconsistently; the extensions decide as well.
const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
};

const REJECTIONS: Record<string, string> = {
  FILE_INVALID_TYPE: '仅支持 .docx、.pdf、.txt 格式的文件',
  FILE_TOO_LARGE: '文件不能超过 20 MB',
  TOO_MANY_FILES: '一次只能上传一个文件',
};

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  onReject: (message: string) => void;
};

/** One paper file, picked or dropped: .docx, .pdf or .txt, at most 20 MB. */
const DROP_TITLE = '把论文拖到这里，或点击选择文件';
const DROP_HINT = '支持 .docx、.pdf（含文字层）、.txt，不超过 20 MB';

export function PaperFilePicker({ file, onFile, onReject }: Props) {
  return (
    <FileUpload.Root
      // The drop zone is a button named by what it shows (zag's default name is the English "dropzone").
      translations={{ dropzone: `${DROP_TITLE} ${DROP_HINT}` }}
      accept={ACCEPT}
      maxFiles={1}
      maxFileSize={MAX_FILE_BYTES}
      acceptedFiles={file ? [file] : []}
      onFileAccept={({ files }) => onFile(files[0] ?? null)}
      onFileReject={({ files }) => {
        const error = files[0]?.errors[0];
        if (error) onReject(REJECTIONS[error] ?? '无法使用该文件');
      }}
      alignItems="stretch"
    >
      <FileUpload.HiddenInput aria-label="选择论文文件" />
      <FileUpload.Dropzone minH="36" borderStyle="dashed" borderWidth="2px" rounded="lg" data-testid="paper-dropzone">
        <Icon size="lg" color="gray.400">
          <Upload />
        </Icon>
        <FileUpload.DropzoneContent>
          <Text fontWeight="medium">{DROP_TITLE}</Text>
          <Text fontSize="sm" color="gray.500">
            {DROP_HINT}
          </Text>
        </FileUpload.DropzoneContent>
      </FileUpload.Dropzone>
      {file && (
        <HStack justify="space-between" borderWidth="1px" rounded="md" px="3" py="2">
          <HStack gap="2" minW="0">
            <Icon color="brand.solid">
              <FileText />
            </Icon>
            <Box minW="0">
              <Text truncate>{file.name}</Text>
              <Text fontSize="xs" color="gray.500">
                {(file.size / 1024).toFixed(1)} KB
              </Text>
            </Box>
          </HStack>
          <Button size="xs" variant="ghost" onClick={() => onFile(null)}>
            移除
          </Button>
        </HStack>
      )}
    </FileUpload.Root>
  );
}
