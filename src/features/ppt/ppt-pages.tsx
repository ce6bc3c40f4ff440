import { PageHeader } from '@/components/page-header';
import { ServiceScreen } from '@/components/service-screen';
import { PptRecords } from './ppt-records';
import { PptStart } from './ppt-start';

/** /aippt/ppt: choose a template, give a topic or a paper; the confirm step is PptConfirmPage. */
export function PptPage() {
  return (
    <ServiceScreen
      title="AI生成PPT"
      icon="ppt"
      description="选择模板，输入主题或上传论文，编辑大纲后生成可下载的演示文稿"
      highlights={['论文离线提炼大纲', '六套答辩模板', '浏览器内预览', '导出 .pptx']}
    >
      <PptStart />
      <PptRecords title="最近生成" />
    </ServiceScreen>
  );
}

export function PptListPage() {
  return (
    <>
      <PageHeader title="PPT记录" icon="ppt" description="生成过的演示文稿：进度、下载与编辑" />
      <PptRecords title="全部记录" />
    </>
  );
}
