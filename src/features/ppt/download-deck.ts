import { aiPptInfoDownload } from '@/api/gen/ppt/ppt';
import { fileNameOf, saveFile } from '@/lib/save-file';

export async function downloadDeck(deck: { id: string; title: string }): Promise<void> {
  const blob = (await aiPptInfoDownload({ id: deck.id })) as unknown as Blob;
  saveFile(blob, fileNameOf(deck.title, 'pptx', { fallback: '演示文稿' }));
}
