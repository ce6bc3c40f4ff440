import { useQueryClient } from '@tanstack/react-query';
import { checkDelete, getCheckQueryListQueryKey } from '@/api/gen/check/check';
import type { CheckRecord } from '@/api/gen/model';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';

/** Deleting also takes the paper out of the reference library, and the dialog says so. */
export function DeleteDialog({ record, onClose }: { record: CheckRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = async () => {
    await checkDelete({ id: record.id });
    await queryClient.invalidateQueries({ queryKey: [getCheckQueryListQueryKey()[0]] });
  };
  return (
    <ConfirmDeleteDialog title="删除查重记录" onConfirm={remove} onClose={onClose}>
      确定删除《{record.title}》的查重记录和报告吗？{record.addToLibrary ? '本文也会从比对库中移除。' : ''}
    </ConfirmDeleteDialog>
  );
}
