import { SaxesParser } from "saxes";

export interface XmlElement {
  name: string;
  text: string;
}

/**
 * Parses a document with a conforming XML 1.0 parser (saxes: it refuses the characters XML
 * forbids, which lenient HTML parsers let through) and returns every element with its text,
 * entities decoded. Throws on anything that is not well-formed.
 */
export function parseXml(xml: string): XmlElement[] {
  const parser = new SaxesParser();
  const elements: XmlElement[] = [];
  const open: XmlElement[] = [];
  let failure: Error | undefined;
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    const element = { name: tag.name, text: "" };
    elements.push(element);
    open.push(element);
  });
  parser.on("text", (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on("closetag", () => open.pop());
  parser.write(xml).close();
  if (failure) throw failure;
  return elements;
}
