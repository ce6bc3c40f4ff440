import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { ServiceScreen } from '@/components/service-screen';
import { OutlineEditorPage } from './outline-editor';
import { PaperContentPage } from './paper-content';
import { PaperForm } from './paper-form';
import { AiPaperRecords, PaperInfoRecords } from './paper-records';

export function AiPaperPage() {
  return (
    <ServiceScreen
      title="AI论文写作"
      icon="writing"
      description="输入题目与要求，先生成可编辑的大纲，再逐章生成正文"
      highlights={['大纲可编辑后再生成', '逐章生成，可单独重写', '导出带目录与参考文献的 Word']}
    >
      <SectionCard title="新建论文">
        <PaperForm kind="ai" />
      </SectionCard>
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

export function AiPaperOutlinePage({ id }: { id: string }) {
  return <OutlineEditorPage id={id} />;
}

export function AiPaperContentPage({ id }: { id: string }) {
  return <PaperContentPage api="ai" id={id} />;
}

export function PaperGcPage() {
  return (
    <ServiceScreen
      title="论文生成"
      icon="notebook"
      description="按学科、学位与字数要求一次生成完整论文与配套材料"
      highlights={['期刊学术论文一次生成', '只引用你提供的参考文献', '导出 Word']}
    >
      <SectionCard title="期刊学术论文">
        <PaperForm kind="journal" />
      </SectionCard>
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
      highlights={['按学位与学科组织章节', '附带开题报告、文献综述与致谢草稿', '只引用你提供的参考文献']}
    >
      <SectionCard title="毕业论文">
        <PaperForm kind="thesis" />
      </SectionCard>
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
  return <PaperContentPage api="info" id={id} />;
}
