import { usePaperAigcLoadById } from '@/api/gen/aigc/aigc';
import { PageHeader } from '@/components/page-header';
import { ServiceScreen } from '@/components/service-screen';
import { TaskDetail } from '@/components/task-detail';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';
import { AigcRecords } from './aigc-records';
import { bandLabel } from './labels';

export function AigcDetectPage() {
  return (
    <ServiceScreen
      title="AIGC检测"
      icon="aigc"
      description="逐句估计机器生成概率，给出 AI 字符占比与判定依据"
      highlights={['AI字符占比与分档说明', '逐段、逐句标注可疑内容', '可一键进入降AI痕迹']}
    >
      <AigcRecords kind="detect" title="最近检测" />
    </ServiceScreen>
  );
}

export function AigcDetectListPage() {
  return (
    <>
      <PageHeader title="检测记录" icon="aigc" description="历次 AIGC 检测的结果" />
      <AigcRecords kind="detect" title="全部记录" />
    </>
  );
}

export function AigcContentPage({ id }: { id: string }) {
  const query = usePaperAigcLoadById({ id }, { query: { enabled: useSignedIn() } });
  return (
    <>
      <PageHeader title="检测详情" icon="aigc" />
      <TaskDetail
        query={query}
        fields={[
          { key: 'aiCharRatio', label: 'AI字符占比', render: (record) => formatRatio(record.aiCharRatio) },
          { key: 'band', label: '分档', render: (record) => bandLabel(record.band) },
          { key: 'paragraphFlagged', label: '可疑段落', render: (record) => `${record.paragraphFlagged}/${record.paragraphTotal}` },
        ]}
      />
    </>
  );
}

export function AigcLowerPage({ title }: { title: string }) {
  return (
    <ServiceScreen
      title={title}
      icon="lower"
      description="改写检测标记的段落，降低 AI 生成痕迹，并重新检测对比"
      highlights={['只改写被标记的段落', '改写前后 AI 占比对比', '保留专业术语与原意']}
    >
      <AigcRecords kind="lower" title="最近降AI记录" />
    </ServiceScreen>
  );
}

export function AigcLowerListPage() {
  return (
    <>
      <PageHeader title="降AI记录" icon="lower" description="历次降 AI 痕迹的结果" />
      <AigcRecords kind="lower" title="全部记录" />
    </>
  );
}
