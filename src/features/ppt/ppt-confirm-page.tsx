import { ServiceScreen } from '@/components/service-screen';
import { DeckEditor } from './deck-editor';

/** The named route aippttype (/aippt/ppttype/:id), the confirm step: the outline editor, apart so the start page does not load it. */
export function PptConfirmPage({ id }: { id: string }) {
  return (
    <ServiceScreen title="确认提交" icon="ppt" description="编辑大纲、调整版式与模板，预览无误后生成 .pptx" highlights={[]}>
      <DeckEditor id={id} />
    </ServiceScreen>
  );
}
