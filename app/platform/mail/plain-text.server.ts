// The plain-text part of a message whose HTML is only what our e-mail layout writes
// (docs/decisions/311): the same text as html-to-text with react-email's selectors and ours
// (render.server.ts), without building a DOM. html-to-text parses the whole document with
// htmlparser2, builds domhandler nodes and picks a format for each by selderee: about a
// sixth of the worker's CPU per message. Here one pass over React's output follows
// html-to-text's own block and whitespace rules (its BlockTextBuilder, WhitespaceProcessor
// and InlineTextBuilder with `wordwrap: false`), for the few elements the layout uses. Any
// other element, entity, attribute syntax or nesting (a campaign's Markdown body, a message
// we do not know) answers undefined, and the caller uses html-to-text: this is a shortcut for
// the common case, never a second converter with its own rules.

// html-to-text's `whitespaceCharacters` (its default).
const wordPattern = /[^ \t\r\n\f\u200b]+/g;
const leadingSpace = /^[ \t\r\n\f\u200b]/;
const trailingSpace = /[ \t\r\n\f\u200b]$/;
const anyWord = /[^ \t\r\n\f\u200b]/;

/**
 * What html-to-text does with each element the layout writes. `flow`: may hold blocks (where
 * htmlparser2 would close no element implicitly); `phrasing`: text, links, spans and images
 * only; table parts hold only their own part.
 */
interface ElementRule {
  block?: { leading: number; trailing: number; uppercase?: boolean };
  line?: true;
  skip?: true;
  isVoid?: true;
  holds: "flow" | "phrasing" | "tbody" | "tr" | "td" | "none";
  flowOnly?: true;
}

const rules: Readonly<Record<string, ElementRule>> = {
  // html-to-text: div and td (react-email's selectors) blocks of 1 and 1 line breaks, table
  // (not a data table) 2 and 2,
  // p a paragraph of 2 and 2, h1 a heading of 3 and 2 in capitals, hr a line of 40 dashes
  // (`wordwrap: false`) between 2 and 2; anchors with `ignoreHref`, spans, tbody and tr
  // inline; images skipped (react-email's selectors).
  div: { block: { leading: 1, trailing: 1 }, holds: "flow", flowOnly: true },
  table: { block: { leading: 2, trailing: 2 }, holds: "tbody", flowOnly: true },
  p: { block: { leading: 2, trailing: 2 }, holds: "phrasing", flowOnly: true },
  h1: { block: { leading: 3, trailing: 2, uppercase: true }, holds: "phrasing", flowOnly: true },
  hr: { line: true, isVoid: true, holds: "none", flowOnly: true },
  tbody: { holds: "tr" },
  tr: { holds: "td" },
  td: { block: { leading: 1, trailing: 1 }, holds: "flow" },
  a: { holds: "phrasing" },
  span: { holds: "phrasing" },
  img: { skip: true, isVoid: true, holds: "none" },
};

/** The text of a block being built: html-to-text's BlockStackItem and InlineTextBuilder. */
interface Block {
  leading: number;
  rawText: string;
  stashedLineBreaks: number;
  lines: string[][];
  words: string[];
  stashedSpace: boolean;
}

const newBlock = (leading: number): Block => ({
  leading,
  rawText: "",
  stashedLineBreaks: 0,
  lines: [],
  words: [],
  stashedSpace: false,
});

function textOf(block: Block): string {
  if (block.lines.length === 0 && block.words.length === 0) return block.rawText;
  let inline = "";
  for (const line of block.lines) inline += line.join(" ") + "\n";
  return block.rawText + inline + block.words.join(" ");
}

function startNewLine(block: Block, count: number) {
  block.lines.push(block.words);
  for (let n = 1; n < count; n += 1) block.lines.push([]);
  block.words = [];
}

function addInline(block: Block, text: string, uppercase: boolean) {
  if (text.length === 0) return;
  if (block.stashedLineBreaks) {
    if (!anyWord.test(text)) return;
    startNewLine(block, block.stashedLineBreaks);
  }
  const stashed = block.stashedSpace;
  wordPattern.lastIndex = 0;
  let match = wordPattern.exec(text);
  const anyMatch = match !== null;
  if (match) {
    const first = uppercase ? match[0].toUpperCase() : match[0];
    if (stashed || leadingSpace.test(text)) block.words.push(first);
    else {
      const last = block.words.pop();
      block.words.push(last ? last + first : first);
    }
    while ((match = wordPattern.exec(text)) !== null) {
      block.words.push(uppercase ? match[0].toUpperCase() : match[0]);
    }
  }
  block.stashedSpace = (stashed && !anyMatch) || trailingSpace.test(text);
  block.stashedLineBreaks = 0;
}

function addBlockText(parent: Block, text: string, leading: number, trailing: number) {
  const parentText = textOf(parent);
  const lineBreaks = Math.max(parent.stashedLineBreaks, leading);
  parent.lines = [];
  parent.words = [];
  if (parentText) parent.rawText = parentText + "\n".repeat(lineBreaks) + text;
  else {
    parent.rawText = text;
    parent.leading = lineBreaks;
  }
  parent.stashedLineBreaks = trailing;
}

// The characters React escapes in text, and nothing else.
const entities: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};
const entityPattern = /&[^;&]{0,8};?/g;

/** The text with React's escapes decoded; undefined for any other `&`. */
function decoded(raw: string): string | undefined {
  if (!raw.includes("&")) return raw;
  let unknown = false;
  const text = raw.replace(entityPattern, (entity) => {
    const character = entities[entity];
    if (character === undefined) unknown = true;
    return character ?? "";
  });
  return unknown ? undefined : text;
}

// What react-email's Html, Head and Body write around the body's content.
const documentStart =
  /^(?:<!DOCTYPE [^<>]*>)?<html(?: [a-z-]+="[^"<>&]*")*><head>((?:<(?:meta|link)(?: [a-z-]+="[^"<>]*")*\/>|<title>[^<]*<\/title>)*)<\/head><body(?: [a-zA-Z-]+="[^"<>]*")*>/i;
const documentEnd = "</body></html>";
const tagPattern = /<(\/?)([a-z][a-z0-9]*)((?: [a-zA-Z-]+="[^"<>]*")*)(\/?)>/y;
const skipAttribute = / data-skip-in-text="([^"]*)"/i;
// react-email's selector for a table laid out as a data table.
const dataTableAttribute = / data-text-format=/i;

/**
 * Whether htmlparser2 puts this element inside the open one as it is, closing nothing
 * implicitly: table parts only in their own part, blocks only where blocks go.
 */
function fits(holder: ElementRule["holds"], name: string, rule: ElementRule): boolean {
  if (name === "tbody" || name === "tr" || name === "td") return holder === name;
  if (holder === "flow") return true;
  return holder === "phrasing" && !rule.flowOnly;
}

interface Open {
  name: string;
  rule: ElementRule;
  skipped: boolean;
}

/**
 * The plain text html-to-text would give for this document (react-email's selectors, anchors
 * without their hrefs, no word wrap), or undefined when the document holds anything but what
 * the layout writes.
 */
export function layoutPlainText(html: string): string | undefined {
  const start = documentStart.exec(html);
  if (!start || !html.endsWith(documentEnd)) return undefined;
  const end = html.length - documentEnd.length;
  const root = newBlock(1);
  const blocks: Block[] = [root];
  const open: Open[] = [];
  let skipping = 0;
  let uppercase = 0;
  let at = start[0].length;
  while (at < end) {
    const lt = html.indexOf("<", at);
    const textEnd = lt < 0 || lt > end ? end : lt;
    if (textEnd > at) {
      const holder = open.at(-1)?.rule.holds ?? "flow";
      if (holder !== "flow" && holder !== "phrasing") return undefined;
      // Hidden text is not read (an entity holds no "<": it cannot change the tree).
      if (skipping === 0) {
        const text = decoded(html.slice(at, textEnd));
        if (text === undefined) return undefined;
        addInline(blocks.at(-1)!, text, uppercase > 0);
      }
      at = textEnd;
      continue;
    }
    if (html.startsWith("<!--", at)) {
      // A comment ends at the first "-->" after it (react-email's Outlook conditionals).
      const close = html.indexOf("-->", at + 4);
      if (close < 0 || close + 3 > end || html[at + 4] === ">" || html.startsWith("->", at + 4)) {
        return undefined;
      }
      at = close + 3;
      continue;
    }
    tagPattern.lastIndex = at;
    const tag = tagPattern.exec(html);
    if (!tag || tag.index + tag[0].length > end) return undefined;
    at = tag.index + tag[0].length;
    const [, closing, name, attributes, selfClosing] = tag as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const rule = rules[name];
    if (!rule) return undefined;
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== name || rule.isVoid || attributes || selfClosing) return undefined;
      close(top);
      continue;
    }
    if (Boolean(selfClosing) !== Boolean(rule.isVoid)) return undefined;
    if (!fits(open.at(-1)?.rule.holds ?? "flow", name, rule)) return undefined;
    // htmlparser2 closes nothing for a link in a link, but nothing here writes one.
    if (name === "a" && open.some((element) => element.name === "a")) return undefined;
    if (dataTableAttribute.test(attributes)) return undefined;
    const skipValue = skipAttribute.exec(attributes)?.[1];
    if (skipValue?.includes("&")) return undefined;
    const element: Open = { name, rule, skipped: skipValue === "true" || Boolean(rule.skip) };
    if (rule.isVoid) {
      if (!element.skipped && skipping === 0 && rule.line) {
        const line = newBlock(2);
        addInline(line, "-".repeat(40), false);
        const parent = blocks.at(-1)!;
        addBlockText(parent, textOf(line), line.leading, Math.max(line.stashedLineBreaks, 2));
      }
      continue;
    }
    open.push(element);
    if (element.skipped) skipping += 1;
    else if (skipping === 0 && rule.block) {
      blocks.push(newBlock(rule.block.leading));
      if (rule.block.uppercase) uppercase += 1;
    }
  }
  if (open.length > 0) return undefined;
  return textOf(root);

  function close(element: Open) {
    if (element.skipped) {
      skipping -= 1;
      return;
    }
    if (skipping > 0 || !element.rule.block) return;
    if (element.rule.block.uppercase) uppercase -= 1;
    const block = blocks.pop()!;
    addBlockText(
      blocks.at(-1)!,
      textOf(block),
      block.leading,
      Math.max(block.stashedLineBreaks, element.rule.block.trailing),
    );
  }
}
