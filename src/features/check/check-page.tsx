import { checkDelete, getCheckQueryListQueryKey, useCheckQueryList } from '@/api/gen/check/check';
import { ServiceScreen } from '@/components/service-screen';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';

export function useCheckRecords() {
  const paging = usePaging();
  const signedIn = useSignedIn();
  const query = useCheckQueryList(undefined, paging.params, { query: { enabled: signedIn } });
  return { paging, query };
}

export function CheckRecords({ title }: { title?: string }) {
  const { paging, query } = useCheckRecords();
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/paper/submit/${record.id}`}
      extraColumns={[{ key: 'ratio', label: '总文字复制比', render: (record) => formatRatio(record.figures?.totalRatio) }]}
      onDelete={(id) => checkDelete({ id })}
      listKey={[getCheckQueryListQueryKey()[0]]}
    />
  );
}

export function CheckPage() {
  return (
    <ServiceScreen
      title="论文查重"
      icon="check"
      description="上传论文或粘贴正文，逐段比对比对库，生成含标红的查重报告"
      highlights={['总文字复制比、去除引用复制比、单篇最大复制比', '逐段标红，定位相似来源', '扫码登录首次免费查重']}
    >
      <CheckRecords title="最近查重" />
    </ServiceScreen>
  );
}
