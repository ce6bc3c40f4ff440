export type DocumentErrorCode =
  | 'EMPTY_TEXT'
  | 'TEXT_TOO_LONG'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'CORRUPT_DOCX'
  | 'DOCX_TOO_LARGE'
  | 'CORRUPT_PDF'
  | 'ENCRYPTED_PDF'
  | 'SCANNED_PDF'
  | 'PDF_TOO_LARGE'
  | 'UNDECODABLE_TEXT'
  | 'PARSE_TIMEOUT'
  | 'PARSE_OUT_OF_MEMORY'
  | 'PARSE_FAILED';

const STATUS: Record<DocumentErrorCode, number> = {
  EMPTY_TEXT: 400,
  TEXT_TOO_LONG: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  CORRUPT_DOCX: 422,
  DOCX_TOO_LARGE: 413,
  CORRUPT_PDF: 422,
  ENCRYPTED_PDF: 422,
  SCANNED_PDF: 422,
  PDF_TOO_LARGE: 413,
  UNDECODABLE_TEXT: 422,
  PARSE_TIMEOUT: 422,
  PARSE_OUT_OF_MEMORY: 413,
  PARSE_FAILED: 422,
};

/** A problem with the submitted document itself; `message` is shown to the user as is. */
export class DocumentError extends Error {
  readonly status: number;

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DocumentError';
    this.status = STATUS[code];
  }
}

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof DocumentError;
}
