import { Box, Button, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';

const SUGGESTIONS = [
  '如何撰写一篇规范的文献综述？',
  '帮我把这段话改写得更学术一些：',
  '毕业论文的研究方法部分应该写哪些内容？',
  'APA 和 GB/T 7714 参考文献格式有什么区别？',
];

/** A new conversation's empty page: what the assistant is for, and a few questions to start from. */
export function Suggestions({ onPick }: { onPick: (question: string) => void }) {
  return (
    <Stack align="center" textAlign="center" gap="4" px="6" py={{ base: 8, md: 16 }}>
      <Box color="brand.solid">
        <Sparkles size={32} />
      </Box>
      <Heading size="md">墨研学术助手</Heading>
      <Text color="gray.600" fontSize="sm" maxW="lg">
        可以问选题、文献综述、研究方法、论文结构与格式，也可以请它润色一段文字。回答仅供参考，请核实引用与数据。
      </Text>
      <Wrap justify="center" gap="2" maxW="xl">
        {SUGGESTIONS.map((question) => (
          <Button key={question} size="sm" variant="outline" rounded="full" onClick={() => onPick(question)}>
            {question}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
}
