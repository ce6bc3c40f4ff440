import { Alert, Table, Text } from '@chakra-ui/react';
import type { CheckScope } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { formatThousands } from '@/lib/number';

/** 检测范围: what the paper was compared against when the check ran, so a low figure reads for what it is. */
export function ScopePanel({ scope }: { scope: CheckScope | null }) {
  let body;
  if (!scope) {
    body = (
      <Text color="gray.500" fontSize="sm">
        本报告生成于记录检测范围之前，未记录检测时比对库的规模。
      </Text>
    );
  } else if (scope.documents === 0) {
    body = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>检测时比对库为空</Alert.Title>
          <Alert.Description>本次未与任何文献比对，复制比为 0% 并不说明论文没有重复。</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else {
    body = (
      <Table.Root size="sm" aria-label="检测范围">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>比对库</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">文献数</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">字数</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {scope.collections.map((collection) => (
            <Table.Row key={`${collection.kind}-${collection.name}`}>
              <Table.Cell>
                {collection.name}
                {collection.kind === 'submission' && (
                  <Text as="span" color="gray.500" fontSize="xs">
                    {' '}
                    （用户提交的论文）
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatThousands(collection.documents)} 篇</Table.Cell>
              <Table.Cell textAlign="end">{formatThousands(collection.chars)} 字</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="semibold">
            <Table.Cell>合计</Table.Cell>
            <Table.Cell textAlign="end">{formatThousands(scope.documents)} 篇</Table.Cell>
            <Table.Cell textAlign="end">{formatThousands(scope.chars)} 字</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    );
  }
  return <SectionCard title="检测范围">{body}</SectionCard>;
}
