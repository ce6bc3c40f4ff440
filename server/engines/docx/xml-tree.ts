import { type SaxesTagNS, SaxesParser } from 'saxes';
import { CHARACTERS as WORD_CHARACTERS, MC_NAMESPACE, SKIPPED, WORD_NAMESPACES } from '../text/word-xml';

// Text extraction's rules (text/word-xml.ts), by the names elements have here (w:tab, mc:Choice).
/** Characters Word writes as elements rather than text. */
export const CHARACTERS: Record<string, string> = Object.fromEntries(Object.entries(WORD_CHARACTERS).map(([name, text]) => [`w:${name}`, text]));
/** Elements whose text is not part of the document as shown: deleted and moved-away revisions, mc:Choice. */
export const HIDDEN = new Set([...[...SKIPPED].map((name) => `w:${name}`), 'mc:Choice']);

/** An element of a parsed XML fragment, with where it sits in the source string. */
export interface XmlElement {
  /** `w:t` for a WordprocessingML element whatever its prefix, `mc:Fallback` for markup compatibility, else its qualified name. */
  name: string;
  /** The prefix it is written with ('' for the default namespace). */
  prefix: string;
  /** Offsets into the source: the opening tag is [start, openEnd), the whole element [start, end). */
  start: number;
  openEnd: number;
  end: number;
  children: XmlElement[];
  /** Its own character data (not its descendants'), decoded. */
  text: string;
}

export type Namespaces = Record<string, string>;

function localName(tag: { uri: string; local: string; name: string }): string {
  if (WORD_NAMESPACES.has(tag.uri)) return `w:${tag.local}`;
  if (tag.uri === MC_NAMESPACE) return `mc:${tag.local}`;
  return tag.name;
}

/**
 * A streaming parser of a Word XML part that knows where each tag starts and ends in the string, and which
 * namespace bindings are in scope, so the caller can copy unchanged parts of the source exactly.
 */
export class PositionedParser {
  readonly parser: SaxesParser<{ xmlns: true; position: true }>;
  private readonly scopes: Namespaces[] = [];
  private tagStart = 0;
  private selfClosing = false;
  private error: Error | undefined;

  constructor(
    private readonly source: string,
    handlers: {
      open?: (tag: SaxesTagNS, name: string, start: number, openEnd: number) => void;
      close?: (tag: SaxesTagNS, name: string, closeStart: number, end: number) => void;
      text?: (text: string) => void;
    },
    options: { fragment?: boolean; namespaces?: Namespaces } = {},
  ) {
    this.parser = new SaxesParser({ xmlns: true, position: true, fragment: options.fragment, additionalNamespaces: options.namespaces });
    this.scopes.push({ ...options.namespaces });
    // At opentagstart saxes has read the name and the character after it: the tag's '<' is the last before that.
    this.parser.on('opentagstart', () => {
      this.tagStart = source.lastIndexOf('<', this.parser.position - 1);
    });
    this.parser.on('opentag', (tag) => {
      const scope = this.scopes[this.scopes.length - 1];
      this.scopes.push(Object.keys(tag.ns).length ? { ...scope, ...tag.ns } : scope);
      handlers.open?.(tag, localName(tag), this.tagStart, this.parser.position);
      if (tag.isSelfClosing) this.selfClosing = true;
    });
    this.parser.on('closetag', (tag) => {
      this.scopes.pop();
      const end = this.parser.position;
      const closeStart = this.selfClosing ? end : source.lastIndexOf('</', end - 1);
      this.selfClosing = false;
      handlers.close?.(tag, localName(tag), closeStart, end);
    });
    if (handlers.text) {
      const text = handlers.text;
      this.parser.on('text', text);
      this.parser.on('cdata', text);
    }
    this.parser.on('error', (error) => {
      this.error ??= error;
    });
  }

  /** The namespace bindings in scope inside the element just opened. */
  get namespaces(): Namespaces {
    return this.scopes[this.scopes.length - 1];
  }

  run(): void {
    this.parser.write(this.source);
    if (this.error) throw this.error;
    this.parser.close();
    if (this.error) throw this.error;
  }
}

/** Parses a fragment (one paragraph, say) into elements with their source offsets. */
export function parseFragment(source: string, namespaces: Namespaces): XmlElement[] {
  const roots: XmlElement[] = [];
  const stack: XmlElement[] = [];
  new PositionedParser(
    source,
    {
      open: (tag, name, start, openEnd) => {
        const element: XmlElement = { name, prefix: tag.prefix, start, openEnd, end: openEnd, children: [], text: '' };
        (stack.length ? stack[stack.length - 1].children : roots).push(element);
        stack.push(element);
      },
      close: (_tag, _name, _closeStart, end) => {
        const element = stack.pop();
        if (element) element.end = end;
      },
      text: (text) => {
        if (stack.length) stack[stack.length - 1].text += text;
      },
    },
    { fragment: true, namespaces },
  ).run();
  return roots;
}
