import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReportParagraph } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { formatRatio } from '@/lib/number';
import { ratioColor } from './segments';

type Props = { paragraphs: ReportParagraph[]; selected: number | null; onSelect: (index: number) => void };

/** One bar per paragraph, as wide as the paragraph is long, coloured by its ratio; a click opens it. */
export function ParagraphBar({ paragraphs, selected, onSelect }: Props) {
  return (
    <SectionCard title="逐段复制比">
      <Flex h="10" gap="1px" bg="gray.100" rounded="md" overflow="hidden" role="group" aria-label="逐段复制比">
        {paragraphs.map((p) => (
          <Box
            as="button"
            key={p.index}
            flexGrow={Math.max(1, p.charCount)}
            flexBasis="0"
            minW="3px"
            bg={ratioColor(p.ratio)}
            opacity={selected === null || selected === p.index ? 1 : 0.55}
            outline={selected === p.index ? '2px solid' : undefined}
            outlineColor="gray.800"
            cursor="pointer"
            aria-label={`第 ${p.index + 1} 段 复制比 ${formatRatio(p.ratio)}`}
            title={`第 ${p.index + 1} 段 · 复制比 ${formatRatio(p.ratio)}`}
            onClick={() => onSelect(p.index)}
          />
        ))}
      </Flex>
      <HStack gap="4" mt="2" fontSize="xs" color="gray.600">
        {[
          ['red.500', '复制比超过 50%'],
          ['orange.400', '部分重合'],
          ['gray.300', '未发现重合'],
        ].map(([color, label]) => (
          <HStack key={label} gap="1">
            <Box boxSize="2.5" rounded="sm" bg={color} />
            <Text>{label}</Text>
          </HStack>
        ))}
      </HStack>
    </SectionCard>
  );
}
