import { type SaxesTagNS, SaxesParser } from 'saxes';
import { countChars } from '@common/char-count';

/** The WordprocessingML namespace, transitional and strict. */
export const WORD_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
export const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/** Characters Word writes as elements rather than text. */
export const CHARACTERS: Record<string, string> = { tab: '\t', noBreakHyphen: '\u2011', softHyphen: '\u00ad' };

/**
 * Subtrees whose text is not part of the document as shown: deleted and moved-away revisions, and the
 * alternative (mc:Choice) form of content that also has a mc:Fallback, which is read instead. This is
 * what mammoth's raw text leaves out too.
 */
export const SKIPPED = new Set(['del', 'moveFrom']);

/**
 * Streaming reader of word/document.xml: the text of every w:t, one paragraph per w:p, in document
 * order (a text box's paragraphs come where the box is anchored). `chars` is the counted characters
 * read so far, so the caller can stop a text that is too long before the rest is even inflated.
 */
export class WordTextCollector {
  chars = 0;
  private readonly parser = new SaxesParser({ xmlns: true, position: false });
  private readonly decoder = new TextDecoder('utf-8');
  private readonly stack: string[] = [];
  private readonly out: string[] = [];
  private line = '';
  /** Depth of the element whose subtree is being skipped (0: none). */
  private skipTo = 0;
  private inText = false;
  /** The paragraph's mark is deleted (w:pPr/w:rPr/w:del): Word joins it with the next one. */
  private markDeleted = false;
  private error: Error | undefined;

  constructor() {
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', (tag) => this.closeTag(tag));
    this.parser.on('text', (text) => this.text(text));
    this.parser.on('cdata', (text) => this.text(text));
    this.parser.on('error', (error) => {
      this.error ??= error;
    });
  }

  write(chunk: Uint8Array): void {
    this.parser.write(this.decoder.decode(chunk, { stream: true }));
    if (this.error) throw this.error;
  }

  /** Ends the parse (a truncated document is an error) and returns the paragraphs as lines. */
  finish(): string {
    this.parser.write(this.decoder.decode());
    this.parser.close();
    if (this.error) throw this.error;
    this.endParagraph();
    return this.out.join('\n');
  }

  private open(tag: SaxesTagNS): void {
    const name = WORD_NAMESPACES.has(tag.uri) ? tag.local : tag.uri === MC_NAMESPACE ? `mc:${tag.local}` : '';
    const parent = this.stack.at(-1);
    this.stack.push(name);
    if (this.skipTo) return;
    const depth = this.stack.length;
    if (SKIPPED.has(name) || name === 'mc:Choice') {
      if (name === 'del' && parent === 'rPr' && this.stack.at(-3) === 'pPr') this.markDeleted = true;
      // A deleted table row (w:tr/w:trPr/w:del) is left out whole.
      else if (name === 'del' && parent === 'trPr') this.skipTo = depth - 2;
      else this.skipTo = depth;
    } else if (name === 't') this.inText = true;
    else if (Object.hasOwn(CHARACTERS, name)) this.add(CHARACTERS[name]);
  }

  private closeTag(tag: SaxesTagNS): void {
    const depth = this.stack.length;
    const name = this.stack.pop();
    if (this.skipTo) {
      if (depth === this.skipTo) this.skipTo = 0;
      return;
    }
    if (name === 't') this.inText = false;
    else if (name === 'p' && WORD_NAMESPACES.has(tag.uri)) {
      if (this.markDeleted) this.markDeleted = false;
      else this.endParagraph();
    }
  }

  private text(text: string): void {
    if (this.inText && !this.skipTo) this.add(text);
  }

  private add(text: string): void {
    this.line += text;
    this.chars += countChars(text);
  }

  private endParagraph(): void {
    for (const part of this.line.split(/\r?\n/)) {
      const trimmed = part.trim();
      if (trimmed) this.out.push(trimmed);
    }
    this.line = '';
  }
}
