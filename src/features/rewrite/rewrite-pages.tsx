import type { MachineMode, PaperMachineMode } from '@/api/gen/model';
import { PageHeader } from '@/components/page-header';
import type { IconName } from '@/components/route-icon';
import { ServiceScreen } from '@/components/service-screen';
import { SectionCard } from '@/components/section-card';
import { RewriteContentPage } from './rewrite-content';
import { RewriteForm } from './rewrite-form';
import { MODE_LABELS } from '@common/rewrite-modes';
import { MachineRecords, PaperMachineRecords } from './rewrite-records';
import { RewordingModes } from './rewording-modes';

const SCREENS: Record<PaperMachineMode | MachineMode, { icon: IconName; description: string; highlights: string[] }> = {
  rewrite: { icon: 'rewrite', description: '逐段改写降低重复率，改写后自动复查', highlights: ['保留专业术语', '逐段对比可选择接受', '改写后重新查重'] },
  strong: { icon: 'strong', description: '更大幅度的结构与表达改写，适合重复率较高的论文', highlights: ['句式与结构双重改写', '改写前后重复率对比', '支持 Word 导出'] },
  polish: { icon: 'polish', description: '学术化润色，语句更通顺、表达更规范', highlights: ['学术表达规范化', '修正语病与冗余', '保留原意'] },
  smart: { icon: 'smart', description: '离线智能降重引擎，快速处理短文本与段落', highlights: ['离线引擎，无需等待', '同义替换与句式变换', '保护专有名词'] },
  cnki: { icon: 'cnki', description: '只改写查重报告中标红的句子，精准降低学术库重复率', highlights: ['基于本站查重结果', '只改标红句子', '导出改写报告'] },
};

export function PaperMachinePage({ mode }: { mode: PaperMachineMode }) {
  const screen = SCREENS[mode];
  return (
    <ServiceScreen title={MODE_LABELS[mode]} {...screen}>
      <RewordingModes current={mode} />
      <SectionCard title={`提交${MODE_LABELS[mode]}`}>
        <RewriteForm mode={mode} />
      </SectionCard>
      <PaperMachineRecords mode={mode} title="最近记录" />
    </ServiceScreen>
  );
}

export function MachinePage({ mode }: { mode: MachineMode }) {
  const screen = SCREENS[mode];
  return (
    <ServiceScreen title={MODE_LABELS[mode]} {...screen}>
      <RewordingModes current={mode} />
      <SectionCard title={`提交${MODE_LABELS[mode]}`}>
        <RewriteForm mode={mode} />
      </SectionCard>
      <MachineRecords mode={mode} title="最近记录" />
    </ServiceScreen>
  );
}

export function PaperMachineListPage({ mode, title }: { mode?: PaperMachineMode; title: string }) {
  return (
    <>
      <PageHeader title={title} icon="rewrite" description="查看改写任务的状态与前后对比" />
      <PaperMachineRecords mode={mode} title="全部记录" />
    </>
  );
}

export function MachineListPage() {
  return (
    <>
      <PageHeader title="智能降重记录" icon="smart" description="智能降重与学术库降重的记录" />
      <MachineRecords title="全部记录" />
    </>
  );
}

export function PaperMachineContentPage({ id }: { id: string }) {
  return <RewriteContentPage id={id} />;
}
