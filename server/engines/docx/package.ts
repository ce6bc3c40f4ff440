import JSZip from 'jszip';
import { streamDocumentPart } from '../text/docx';

export const DOCUMENT_PART = 'word/document.xml';

/** word/document.xml of a .docx as text, read within the extraction's limits (DocumentError otherwise). */
export async function readDocumentXml(docx: Uint8Array): Promise<string> {
  const chunks: Buffer[] = [];
  await streamDocumentPart(Buffer.from(docx.buffer, docx.byteOffset, docx.byteLength), (chunk) => chunks.push(chunk));
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/**
 * The same package with word/document.xml replaced. JSZip copies the other entries' deflated bytes as they
 * are (it recompresses only an entry whose method differs, a stored one), in their order, so every other part
 * comes back byte for byte. Call it only on a package readDocumentXml accepted (the limits are checked there).
 */
export async function replaceDocumentXml(docx: Uint8Array, xml: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  zip.file(DOCUMENT_PART, xml, { createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
