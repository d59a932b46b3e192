import { describe, expect, it } from "vitest";
import { blogCopy } from "../../content/blog.ts";
import { countWords, readTimeMinutes } from "./read-time.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(" ");

describe("read time", () => {
  it("counts words, not Markdown marks", () => {
    expect(countWords("## Título\n\n- **Disciplina:** o agente não-sente medo.")).toBe(6);
    expect(countWords("")).toBe(0);
    expect(countWords("  \n ## ** - ")).toBe(0);
  });

  it("is words / 200 rounded up, at least one minute", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes(words(1))).toBe(1);
    expect(readTimeMinutes(words(200))).toBe(1);
    expect(readTimeMinutes(words(201))).toBe(2);
    expect(readTimeMinutes(words(1000))).toBe(5);
  });

  it("is shown as 'N min de leitura'", () => {
    expect(blogCopy.readTime(readTimeMinutes(words(450)))).toBe("3 min de leitura");
  });
});
