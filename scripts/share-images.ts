// `npm run share-images`: makes the sharing images served from public/ (decision 064): one
// 1200x630 Open Graph card per page type from scripts/share-card.svg, and the icons from
// public/favicon.svg. The files are committed; run it again when the brand or a text changes.
import fs from "node:fs";
import path from "node:path";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { shareCards, shareCardTexts, type ShareCardType } from "../app/content/share-cards.ts";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");
const fontOptions: ResvgRenderOptions["font"] = {
  loadSystemFonts: true,
  defaultFontFamily: "DejaVu Sans",
};

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function png(svg: string, width: number, background?: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: width }, font: fontOptions, background })
    .render()
    .asPng();
}

/**
 * An .ico holding PNG images (read by every browser). Written here: the container is a
 * 6-byte header and a 16-byte entry per image, less than a dependency would weigh.
 */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width; 0 means 256
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

const template = fs.readFileSync(path.join(root, "scripts/share-card.svg"), "utf8");
fs.mkdirSync(path.join(publicDir, "og"), { recursive: true });
for (const [type, card] of Object.entries(shareCards)) {
  const { title, subtitle } = shareCardTexts[type as ShareCardType];
  const svg = template
    .replace("__TITLE__", escapeXml(title))
    .replace("__SUBTITLE__", escapeXml(subtitle));
  fs.writeFileSync(path.join(publicDir, card.image.slice(1)), png(svg, 1200));
  console.log(`${card.image} (${type})`);
}

const favicon = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
fs.writeFileSync(
  path.join(publicDir, "favicon.ico"),
  ico([16, 32, 48].map((size) => ({ size, data: png(favicon, size) }))),
);
// Home-screen icons get the page colour behind the rounded corners.
for (const [file, size] of [
  ["apple-touch-icon.png", 180],
  ["icon-192.png", 192],
  ["icon-512.png", 512],
] as const) {
  fs.writeFileSync(path.join(publicDir, file), png(favicon, size, "#0b1120"));
}
console.log("favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png");
