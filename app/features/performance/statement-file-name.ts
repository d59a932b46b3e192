/** A statement's file name without any folder, control character or quote, for its download. */
export function safeStatementFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((char) => char > "\u001f" && char !== "\u007f" && char !== '"')
    .join("")
    .trim()
    .slice(0, 120);
  return clean || "extrato.htm";
}
