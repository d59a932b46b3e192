// A person's name as they typed it, made safe to show inside our e-mails (issue 25, class 7):
// the sender is trusted, so a name like "Ganhe R$ 10.000 em www.golpe.com" would lend that
// trust to whatever it links to. Mail clients turn any address-shaped text into a link, so
// every word shaped like one goes, not only known domains; real names lose nothing by it.

// Marks that reorder or hide text (bidi embeddings, overrides and isolates, the marks) and
// zero-width characters that could split a link so a check misses it: removed.
const hidden = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
// Line and paragraph separators and every other control character: a space.
const breaks = /[\p{Cc}\u2028\u2029]/gu;
// A word a mail client might make clickable: a scheme, www., an address, or a dotted name
// ending in letters (ASCII or the full-width and ideographic dots).
const linkShaped = /:\/\/|^www[.．。｡]|@|[\p{L}\p{N}][.．。｡][\p{L}\p{N}-]*\p{L}{2,}/iu;

/** The name without link-shaped words, bidi controls or line breaks; "" when none is left. */
export function personName(typed: string): string {
  return typed
    .replace(hidden, "")
    .replace(breaks, " ")
    .split(/\s+/)
    .filter((word) => word !== "" && !linkShaped.test(word))
    .join(" ");
}
