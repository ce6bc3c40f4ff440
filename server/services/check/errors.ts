import { AppError, conflict } from '../../errors';
import { isDocumentError } from '../../engines/text/errors';

/** A refused document (empty, too long, corrupt, scanned, not a paper) as the error envelope. */
export async function asDocumentRequest<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDocumentError(error)) throw new AppError(error.status, error.code, error.message, error.details);
    throw error;
  }
}

export const reportNotReady = (action: '查看' | '下载') =>
  conflict('REPORT_NOT_READY', `查重尚未完成，报告暂不可${action}`);

export const checkRunning = () => conflict('TASK_RUNNING', '查重正在进行，请完成后再删除');
