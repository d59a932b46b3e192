/**
 * True when text holds a control character other than tab and line breaks (when allowed).
 * PostgreSQL cannot store U+0000 in text at all; the others are never typed by a person.
 */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (allowLineBreaks && (code === 9 || code === 10 || code === 13)) continue;
    if (code < 32 || (code >= 127 && code < 160)) return true;
  }
  return false;
}
