import { useAiPaperInfoLoadById, usePaperInfoLoadById } from '@/api/gen/paper/paper';
import type { PaperDetail } from '@/api/gen/model';
import { PageHeader } from '@/components/page-header';
import type { Field } from '@/components/record-details';
import { ServiceScreen } from '@/components/service-screen';
import { TaskDetail } from '@/components/task-detail';
import { useSignedIn } from '@/components/use-signed-in';
import { DEGREE_LABELS, STAGE_LABELS } from './paper-labels';
import { AiPaperRecords, PaperInfoRecords } from './paper-records';

const PAPER_FIELDS: Field<PaperDetail>[] = [
  { key: 'degree', label: '类型', render: (record) => DEGREE_LABELS[record.degree] ?? record.degree },
  { key: 'stage', label: '阶段', render: (record) => STAGE_LABELS[record.stage] ?? record.stage },
  { key: 'keywords', label: '关键词', render: (record) => record.keywords?.join('、') || '—' },
  { key: 'sections', label: '章节进度', render: (record) => `${record.sectionsDone}/${record.sectionCount}` },
];

export function AiPaperPage() {
  return (
    <ServiceScreen
      title="AI论文写作"
      icon="writing"
      description="输入题目与要求，先生成可编辑的大纲，再逐章生成正文"
      highlights={['大纲可编辑后再生成', '逐章生成，可单独重写', '导出带目录与参考文献的 Word']}
    >
      <AiPaperRecords title="最近论文" />
    </ServiceScreen>
  );
}

export function AiPaperListPage() {
  return (
    <>
      <PageHeader title="论文记录" icon="writing" description="AI 论文写作的全部记录" />
      <AiPaperRecords title="全部记录" />
    </>
  );
}

export function AiPaperDetailPage({ id, title }: { id: string; title: string }) {
  const query = useAiPaperInfoLoadById({ id }, { query: { enabled: useSignedIn() } });
  return (
    <>
      <PageHeader title={title} icon="writing" />
      <TaskDetail query={query} fields={PAPER_FIELDS} />
    </>
  );
}

export function PaperGcPage() {
  return (
    <ServiceScreen
      title="论文生成"
      icon="notebook"
      description="按学科、学位与字数要求一次生成完整论文与配套材料"
      highlights={['开题报告、文献综述、致谢一并生成', '按学位调整篇幅与深度', '导出 Word']}
    >
      <PaperInfoRecords title="最近生成" />
    </ServiceScreen>
  );
}

export function PaperWritePage({ title }: { title: string }) {
  return (
    <ServiceScreen
      title={title}
      icon="thesis"
      description="填写毕业论文要求，生成整篇论文初稿"
      highlights={['按学校格式组织章节', '附带开题报告与致谢草稿', '可逐章重写']}
    >
      <PaperInfoRecords title="最近记录" />
    </ServiceScreen>
  );
}

export function PaperWriteReportPage() {
  return (
    <>
      <PageHeader title="写作记录" icon="thesis" description="毕业论文与学术论文的生成记录" />
      <PaperInfoRecords title="全部记录" />
    </>
  );
}

export function PaperWriteDetailPage({ id }: { id: string }) {
  const query = usePaperInfoLoadById({ id }, { query: { enabled: useSignedIn() } });
  return (
    <>
      <PageHeader title="论文详情" icon="thesis" />
      <TaskDetail query={query} fields={PAPER_FIELDS} />
    </>
  );
}
