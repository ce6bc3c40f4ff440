import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { ServiceScreen } from '@/components/service-screen';
import { AigcForm } from './aigc-form';
import { AigcLowerForm } from './aigc-lower-form';
import { AigcRecords } from './aigc-records';
import { AigcReportPage } from './aigc-report';

export function AigcDetectPage() {
  return (
    <ServiceScreen
      title="AIGC检测"
      icon="aigc"
      description="逐句估计机器生成概率，给出 AI 字符占比、分档与判定依据"
      highlights={['AI字符占比与分档说明', '逐段热度、逐句标注可疑内容', '报告注明实测误判率']}
    >
      <SectionCard title="提交检测">
        <AigcForm />
      </SectionCard>
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
  return <AigcReportPage id={id} />;
}

/** 降AI痕迹 (/aiaigc/jc, and /aigcdown/machine, the spec's second path to it): one screen, one name. */
export function AigcLowerPage() {
  return (
    <ServiceScreen
      title="降AI痕迹"
      icon="lower"
      description="改写检测标记的段落，降低 AI 生成痕迹，并重新检测对比"
      highlights={['只改写被标记的段落', '改写前后 AI 占比对比', '保留专业术语与原意']}
    >
      <SectionCard title="选择检测结果">
        <AigcLowerForm />
      </SectionCard>
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
