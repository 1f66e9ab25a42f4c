/**
 * OPML from any feed reader, and Invidious's OPML export: `<outline type="rss" xmlUrl="…" title="…" text="…">`,
 * possibly nested in folders. A channel's id comes from its feed address (YouTube's
 * `/feeds/videos.xml?channel_id=UC…`, Invidious's `/feed/channel/UC…`); every other feed is set aside. Folders do
 * not become sifts: readers use them for every kind of feed, not as YouTube groups.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { ImportFileError } from './bundle.js';
import { channelIdFrom } from './youtube-ids.js';
import { isRecord, list, text, type JsonRecord } from './text.js';

/**
 * Folders nested deeper than this are refused. The parser's own default (100) is below what a reader's folder tree
 * exported as it is may reach; this bound keeps its recursive pass over the tree far from the stack's end.
 */
const MAX_NESTING = 1_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  // Attributes under one key, apart from the child `outline` elements.
  attributesGroupName: '@',
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  // Numeric character references (`&#39;`) besides the five XML entities, which feed titles use.
  htmlEntities: true,
  isArray: (name) => name === 'outline',
  maxNestedTags: MAX_NESTING,
});

export function looksLikeOpml(source: string): boolean {
  return /<opml[\s>]/i.test(source.slice(0, 4096));
}

export function readOpml(source: string, builder: BundleBuilder): void {
  // An OPML file never declares entities; refusing them keeps entity-expansion tricks out of the parser.
  if (/<!ENTITY/i.test(source)) throw damaged('it declares XML entities');
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw damaged(`line ${valid.err.line}: ${valid.err.msg}`);
  const document = parse(source);
  const body = child(child(document, 'opml'), 'body');

  // Depth first in document order, without recursion (folders may nest deeply).
  const pending = [...list(child(body, 'outline'))].reverse();
  for (let outline = pending.pop(); outline !== undefined; outline = pending.pop()) {
    const attributes = attributesOf(outline);
    const feed = attributes.xmlurl;
    if (feed !== undefined) {
      const name = attributes.title ?? attributes.text;
      const id = channelIdFrom(feed);
      if (id === null) builder.skip(describeItem(name, feed), SKIP_REASONS.notYouTubeChannel);
      else builder.followChannel(id, name);
    }
    pending.push(...[...list(child(outline, 'outline'))].reverse());
  }
}

/**
 * The parser refuses some documents its validator accepts (folders nested past MAX_NESTING, an element or attribute
 * named `__proto__` or `constructor`): those are damaged files too, never a server error.
 */
function parse(source: string): unknown {
  try {
    return parser.parse(source) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw damaged(/nested/i.test(detail) ? `folders nested more than ${MAX_NESTING} deep` : detail.replace(/^\[SECURITY\]\s*/, ''));
  }
}

/** The outline's attributes by lower-case name (`xmlUrl`, `xmlurl` and `XMLURL` all occur). */
function attributesOf(outline: unknown): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = {};
  const group = child(outline, '@');
  if (!isRecord(group)) return attributes;
  for (const [name, value] of Object.entries(group)) attributes[name.toLowerCase()] = text(value);
  return attributes;
}

function child(node: unknown, name: string): unknown {
  return isRecord(node) ? (node as JsonRecord)[name] : undefined;
}

function damaged(detail: string): ImportFileError {
  return new ImportFileError(`This OPML file is damaged and cannot be read (${detail}).`, 'IMPORT_FILE_INVALID');
}
