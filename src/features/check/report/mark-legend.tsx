import { Box, HStack, Text } from '@chakra-ui/react';
import type { SentenceMark } from '@/api/gen/model';
import { MARK_STYLE } from './paragraph-list';

const LEGEND: Array<[Exclude<SentenceMark, 'none'>, string]> = [
  ['red', '句子过半重合'],
  ['orange', '部分重合'],
  ['cited', '引用（带 [n] 标注的引文）'],
];

/** What the colours of the marked text mean; green is a properly cited quotation, as CNKI shows 引用. */
export function MarkLegend() {
  return (
    <HStack gap="4" wrap="wrap" fontSize="xs" color="gray.600" mb="3" role="list" aria-label="标注说明">
      {LEGEND.map(([mark, label]) => (
        <HStack key={mark} gap="1" role="listitem" data-legend={mark}>
          <Box boxSize="2.5" rounded="sm" bg={MARK_STYLE[mark].borderColor} />
          <Text>{label}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
