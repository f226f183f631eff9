import { EPCIS_MAX_NESTING_DEPTH } from '@product-console/shared';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/*
 * Parsing the XML binding's bodies (decision 080): saxes, a namespace-aware streaming parser that knows no DTD. A document whose DOCTYPE
 * has an internal subset or names an external DTD is refused before anything else is read (no
 * internal or external entities, so no XXE and no entity expansion); a bare `<!DOCTYPE name>`
 * declares nothing and is let through. The five predefined entities and character references are
 * all it expands. Elements deeper than XML_MAX_DEPTH are refused while parsing, and a document
 * declared in another encoding than UTF-8 (the body is read as UTF-8) is refused.
 */

/** Element levels an XML document may nest: the JSON limit plus the levels of the EPCIS document around an event. */
export const XML_MAX_DEPTH = EPCIS_MAX_NESTING_DEPTH + 8;

export interface XmlElement {
  uri: string;
  local: string;
  prefix: string;
  attributes: { uri: string; local: string; prefix: string; value: string }[];
  children: XmlElement[];
  text: string;
  /** Namespace declarations in scope (prefix → URI), inherited ones included. */
  scope: Record<string, string>;
}

/** An XML body that is not well-formed, or that this repository will not read: the detail is for the client. */
export class XmlInputError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line}, column ${column})`);
    this.name = 'XmlInputError';
  }
}

/** Parses an XML text into its element tree; refuses DOCTYPEs, anything not well-formed and nesting past XML_MAX_DEPTH. */
export function readXml(text: string, maxDepth = XML_MAX_DEPTH): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const where = (): [number, number] => [parser.line, parser.column];

  parser.on('xmldecl', (declaration) => {
    // The body was read as UTF-8 (the only encoding HTTP clients of this binding send); a document that says otherwise would be misread.
    const encoding = declaration.encoding?.trim().toLowerCase();
    if (encoding !== undefined && encoding !== 'utf-8' && encoding !== 'utf8') {
      throw new XmlInputError(`The document is declared in ${declaration.encoding}; send it in UTF-8`, ...where());
    }
  });
  parser.on('doctype', (doctype) => {
    // A bare `<!DOCTYPE name>` (GS1's own examples carry `<!DOCTYPE project>`) declares nothing; one with an
    // internal subset or an external DTD (SYSTEM, PUBLIC) could declare entities, and is refused.
    if (/^\s*[A-Za-z_][\w:.-]*\s*$/.test(doctype)) return;
    throw new XmlInputError('A DOCTYPE with a DTD is not accepted: EPCIS documents need none, and entities are not expanded', ...where());
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (stack.length >= maxDepth) throw new XmlInputError(`The document nests elements deeper than ${maxDepth} levels`, ...where());
    const parent = stack.at(-1);
    const element: XmlElement = {
      uri: tag.uri,
      local: tag.local,
      prefix: tag.prefix,
      attributes: Object.values(tag.attributes).map((a) => ({ uri: a.uri, local: a.local, prefix: a.prefix, value: a.value })),
      children: [],
      text: '',
      scope: { ...(parent?.scope ?? {}), ...tag.ns },
    };
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (value: string) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('error', (error) => {
    throw new XmlInputError(`The XML is not well-formed: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`, ...where());
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XmlInputError) throw error;
    throw new XmlInputError(`The XML is not well-formed: ${(error as Error).message}`, ...where());
  }
  if (!root) throw new XmlInputError('The body holds no XML element');
  return root;
}
