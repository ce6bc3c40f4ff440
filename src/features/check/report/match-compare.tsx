import { Badge, Box, Grid, Stack, Text } from '@chakra-ui/react';
import type { ReportParagraph, ReportSource } from '@/api/gen/model';
import type { Selection } from './paragraph-list';
import { matchesWithin, sliceText } from './segments';
import { ORIGIN_LABELS, sourceDetails } from './sources-list';

type Props = { paragraph: ReportParagraph | undefined; selection: Selection | null; sources: ReportSource[] };

/** The selected sentence's matched passages beside the source's own text, one pair per match. */
export function MatchCompare({ paragraph, selection, sources }: Props) {
  if (!paragraph || !selection) {
    return (
      <Text color="gray.500" fontSize="sm">
        点击正文中标红、标橙或标绿（引用）的句子，在这里对照相似来源的原文。
      </Text>
    );
  }
  const matches = matchesWithin(paragraph, selection.start, selection.end);
  if (matches.length === 0) {
    return (
      <Text color="gray.500" fontSize="sm">
        这句话没有找到相似来源。
      </Text>
    );
  }
  const byId = new Map(sources.map((source) => [source.id, source]));
  return (
    <Stack gap="4" aria-label="相似片段对照">
      {matches.map((match) => {
        const source = byId.get(match.sourceId);
        return (
          <Grid key={`${match.start}-${match.sourceId}`} templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
            <Box borderWidth="1px" rounded="md" p="3" bg="red.50">
              <Text fontSize="xs" color="gray.600" mb="1">
                本文 · 第 {paragraph.index + 1} 段
              </Text>
              <Text data-testid="compare-original">{sliceText(paragraph.text, match.start, match.end)}</Text>
            </Box>
            <Box borderWidth="1px" rounded="md" p="3">
              <Text fontSize="xs" color="gray.600" mb="1">
                来源：{source?.title ?? match.sourceId}{' '}
                {source && (
                  <Badge size="sm" variant="subtle">
                    {ORIGIN_LABELS[source.origin]}
                  </Badge>
                )}
              </Text>
              {source && sourceDetails(source) && (
                <Text fontSize="xs" color="gray.600" mb="1">
                  {sourceDetails(source)}
                </Text>
              )}
              <Text data-testid="compare-source">{match.sourceText}</Text>
            </Box>
          </Grid>
        );
      })}
    </Stack>
  );
}
