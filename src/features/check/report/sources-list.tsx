import { Table, Text } from '@chakra-ui/react';
import type { ReportSource, ReportSourceOrigin } from '@/api/gen/model';
import { formatRatio, formatThousands } from '@/lib/number';

export const ORIGIN_LABELS: Record<ReportSourceOrigin, string> = {
  library: '比对库文献',
  submission: '本校库 · 用户提交',
  own: '本人此前提交',
};

/** 张三 · 计算机学报 · 2019: what is known of a source besides its title. */
export function sourceDetails(source: ReportSource): string {
  return [source.author, source.source, source.year === null ? null : String(source.year)].filter(Boolean).join(' · ');
}

/** Where the copied characters come from, most first, with author, source and year when an import knew them. */
export function SourcesList({ sources }: { sources: ReportSource[] }) {
  if (sources.length === 0) return <Text color="gray.500">未发现相似文献。</Text>;
  return (
    <Table.Root size="sm" aria-label="相似文献">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>序号</Table.ColumnHeader>
          <Table.ColumnHeader>来源</Table.ColumnHeader>
          <Table.ColumnHeader>类型</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">重复字数</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">占比</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sources.map((source, i) => (
          <Table.Row key={source.id}>
            <Table.Cell>{i + 1}</Table.Cell>
            <Table.Cell>
              <Text>{source.title}</Text>
              {sourceDetails(source) && (
                <Text fontSize="xs" color="gray.500">
                  {sourceDetails(source)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>{ORIGIN_LABELS[source.origin]}</Table.Cell>
            <Table.Cell textAlign="end">{formatThousands(source.matchedChars)}</Table.Cell>
            <Table.Cell textAlign="end">{formatRatio(source.ratio)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
