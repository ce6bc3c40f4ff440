import { useCheckLoadById } from '@/api/gen/check/check';
import { PageHeader } from '@/components/page-header';
import { TaskDetail } from '@/components/task-detail';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';

export function CheckSubmitPage({ id }: { id: string }) {
  const query = useCheckLoadById({ id }, { query: { enabled: useSignedIn() } });
  return (
    <>
      <PageHeader title="确认提交" icon="check" description="核对论文信息与费用后提交查重" />
      <TaskDetail
        query={query}
        fields={[
          { key: 'author', label: '作者' },
          { key: 'freeCheck', label: '首次免费' },
          { key: 'totalRatio', label: '总文字复制比', render: (record) => formatRatio(record.figures?.totalRatio) },
        ]}
      />
    </>
  );
}
