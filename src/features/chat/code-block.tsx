import { Box, HStack, Text } from '@chakra-ui/react';
import { CopyButton } from './copy-button';

/** A fenced code block of an answer: its language, a copy button and the code as plain text. */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  return (
    <Box my="3" rounded="md" borderWidth="1px" borderColor="gray.200" bg="gray.50" overflow="hidden">
      <HStack justify="space-between" px="3" py="1" bg="gray.100" borderBottomWidth="1px" borderColor="gray.200">
        <Text fontSize="xs" color="gray.600" fontFamily="mono">
          {language ?? '代码'}
        </Text>
        <CopyButton text={code} label="复制代码" />
      </HStack>
      <Box as="pre" m="0" px="3" py="2" overflowX="auto" fontSize="sm" fontFamily="mono" whiteSpace="pre">
        <code>{code}</code>
      </Box>
    </Box>
  );
}
