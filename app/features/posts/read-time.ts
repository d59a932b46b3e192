const WORDS_PER_MINUTE = 200;
// Runs of letters or digits (joined by apostrophes or hyphens): Markdown marks such as "##",
// "**" or "-" are not words.
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Minutes to read a text at 200 words a minute, rounded up, at least 1. */
export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}
