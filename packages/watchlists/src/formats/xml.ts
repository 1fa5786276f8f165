import { SaxesParser } from 'saxes';
import { WatchlistFormatError } from '../model.js';

/** An element of a record, with its attributes, text and children. */
export type XmlElement = {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
};

/** The first child named `name`. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

export function childText(element: XmlElement, name: string): string | null {
  const found = child(element, name);
  const text = found?.text.trim();
  return text ? text : null;
}

/** Every descendant named `name`. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const each of node.children) {
      if (each.name === name) found.push(each);
      visit(each);
    }
  };
  visit(element);
  return found;
}

export type XmlDocument = {
  /** The root element's name and attributes, once read. */
  root: { name: string; attributes: Readonly<Record<string, string>> } | null;
};

/**
 * Reads an XML file as a stream and yields each element named in `records` (with everything inside it) as soon as it
 * closes. Anything else is skipped without being kept. A file that is not well-formed XML, or ends before its root
 * element closes (a truncated download), throws a `WatchlistFormatError` after the records before the fault.
 */
export async function* xmlRecords(
  input: AsyncIterable<Uint8Array | string>,
  records: ReadonlySet<string>,
  document: XmlDocument,
): AsyncGenerator<XmlElement> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: XmlElement[] = [];
  const open: XmlElement[] = [];
  let depth = 0;
  let fault: Error | null = null;
  parser.on('error', (error) => {
    fault ??= error;
  });
  parser.on('opentag', (tag) => {
    depth++;
    const name = localName(tag.name);
    if (depth === 1) document.root = { name, attributes: attributesOf(tag.attributes) };
    if (open.length > 0 || records.has(name)) {
      const element: XmlElement = { name, attributes: attributesOf(tag.attributes), children: [], text: '' };
      open.at(-1)?.children.push(element);
      open.push(element);
    }
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    depth--;
    const element = open.pop();
    if (element && open.length === 0) ready.push(element);
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fail = (error: unknown): never => {
    throw new WatchlistFormatError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  };
  for await (const chunk of input) {
    try {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    } catch (error) {
      fail(error);
    }
    if (fault) fail(fault);
    yield* ready.splice(0);
  }
  try {
    parser.close();
  } catch (error) {
    fail(error);
  }
  if (fault) fail(fault);
  if (!document.root) throw new WatchlistFormatError('the file is empty');
  yield* ready.splice(0);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function attributesOf(attributes: Record<string, unknown>): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) plain[localName(name)] = String(value);
  return plain;
}
