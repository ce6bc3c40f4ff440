import { SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { CheckFigures } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { formatRatio, formatThousands } from '@/lib/number';

/** The report sheet's figures, CNKI's order. */
export function FiguresPanel({ figures }: { figures: CheckFigures }) {
  const items: Array<[string, string, boolean?]> = [
    ['总文字复制比', formatRatio(figures.totalRatio), true],
    ['去除引用复制比', formatRatio(figures.ratioExcludingQuotes)],
    ['去除本人已发表复制比', formatRatio(figures.ratioExcludingSelf)],
    ['单篇最大文字复制比', formatRatio(figures.maxSingleRatio)],
    ['重复字数', formatThousands(figures.matchedChars)],
    ['总字数', formatThousands(figures.totalChars)],
    ['总段落数', formatThousands(figures.paragraphCount)],
    ['疑似段落数', formatThousands(figures.suspectParagraphCount)],
    ['前部重合字数', formatThousands(figures.frontMatchedChars)],
    ['后部重合字数', formatThousands(figures.rearMatchedChars)],
    ['引用字数', formatThousands(figures.quotedChars)],
    ['相似来源数', formatThousands(figures.sourceCount)],
  ];
  return (
    <SectionCard title="检测结果">
      <SimpleGrid columns={{ base: 2, md: 4, xl: 6 }} gap="3">
        {items.map(([label, value, main]) => (
          <Stat.Root key={label} borderWidth="1px" rounded="md" px="3" py="2" data-testid={`figure-${label}`}>
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText color={main ? 'red.600' : 'gray.900'} fontSize={main ? '2xl' : 'lg'}>
              {value}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      {figures.referencesExcluded && (
        <Text fontSize="xs" color="gray.500" mt="3">
          参考文献、目录、封面与声明不计入复制比。
        </Text>
      )}
    </SectionCard>
  );
}
