import { readFile } from 'node:fs/promises';
import { isDocumentError } from '../engines/text/errors';
import { extractText } from '../engines/text/extract';

/**
 * The text of a .txt/.docx/.pdf file a command was given, or null once the Chinese reason it cannot be read
 * (missing, unreadable, not a document we take) is printed and the exit code set to 1.
 */
export async function documentText(file: string): Promise<string | null> {
  try {
    return (await extractText(await readFile(file))).text;
  } catch (error) {
    if (isDocumentError(error)) console.error(`${file}：${error.message}`);
    else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`${file}：文件不存在`);
    else throw error;
    process.exitCode = 1;
    return null;
  }
}
