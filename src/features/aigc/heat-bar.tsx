import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import type { AigcBand, AigcParagraphScore } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { bandFill } from './band-style';
import { BAND_LABELS } from './labels';

const LEGEND: AigcBand[] = ['none', 'low', 'medium', 'high'];

/**
 * The paper as a bar, one segment per paragraph as wide as its characters and coloured by its band (the one rule
 * the paragraph card and the badge follow); a segment leads to its paragraph.
 */
export function HeatBar({ paragraphs, onPick }: { paragraphs: AigcParagraphScore[]; onPick: (index: number) => void }) {
  const total = paragraphs.reduce((sum, p) => sum + Math.max(1, p.charCount), 0);
  return (
    <Box>
      <Flex h="28px" w="full" rounded="md" overflow="hidden" borderWidth="1px" borderColor="gray.200" role="list" aria-label="逐段热度条">
        {paragraphs.map((p) => {
          const label = `第 ${p.index + 1} 段，${p.tooShort ? '太短，不作判定' : BAND_LABELS[p.band]}，机器生成概率 ${formatRatio(p.aiProbability)}`;
          return (
            <Box
              key={p.index}
              as="button"
              role="listitem"
              aria-label={label}
              title={label}
              data-testid="heat-segment"
              data-band={p.tooShort ? undefined : p.band}
              flexGrow={Math.max(1, p.charCount) / total}
              flexBasis="0"
              minW="3px"
              bg={p.tooShort ? 'gray.200' : bandFill(p.band)}
              borderRightWidth="1px"
              borderColor="white"
              cursor="pointer"
              _hover={{ opacity: 0.75 }}
              onClick={() => onPick(p.index)}
            />
          );
        })}
      </Flex>
      <HStack mt="1" justify="space-between" fontSize="xs" color="gray.500">
        <Text>开头</Text>
        <HStack gap="2" flexWrap="wrap" justify="center">
          {LEGEND.map((band) => (
            <HStack key={band} gap="1" data-testid="heat-legend" data-band={band}>
              <Box w="10px" h="10px" rounded="sm" bg={bandFill(band)} />
              <Text>{BAND_LABELS[band]}</Text>
            </HStack>
          ))}
        </HStack>
        <Text>结尾</Text>
      </HStack>
    </Box>
  );
}
