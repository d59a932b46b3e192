// PIX "copia e cola" as a static BR Code (EMV MPM, BCB's manual), assembled by pix-utils
// (docs/decisions/151) and drawn as an SVG QR code on the server by qrcode.
import { LRUCache } from "lru-cache";
import { getEnv } from "../../platform/http/env.server.ts";
import { centsText } from "./money.ts";

export interface PixMerchant {
  /** The PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  /** Up to 25 characters, as the payer's bank shows it. */
  name: string;
  /** Up to 15 characters. */
  city: string;
}

/** The txid of an order: its reference, letters and digits only (BR Code field 62-05, max 25). */
export function isValidTxid(txid: string): boolean {
  return /^[A-Za-z0-9]{1,25}$/.test(txid);
}

/** BR Code fields take plain ASCII; the bank shows the name without accents anyway. */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,@+_-]/g, "")
    .trim()
    .slice(0, max);
}

export async function pixCode(
  merchant: PixMerchant,
  order: { amountBrlCents: number; txid: string },
): Promise<string> {
  if (!isValidTxid(order.txid)) throw new Error(`invalid txid ${order.txid}`);
  if (!Number.isSafeInteger(order.amountBrlCents) || order.amountBrlCents <= 0) {
    throw new Error(`invalid amount ${order.amountBrlCents}`);
  }
  const { createStaticPix, hasError } = await import("pix-utils");
  const pix = createStaticPix({
    merchantName: plain(merchant.name, 25),
    merchantCity: plain(merchant.city, 15),
    pixKey: merchant.key,
    txid: order.txid,
    // The library writes the amount with toFixed(2); "810.74" parses to the double nearest
    // 810.74, which toFixed(2) prints back exactly, so no cent is lost (checked in the tests).
    transactionAmount: Number(centsText(order.amountBrlCents)),
  });
  if (hasError(pix)) throw new Error(`PIX code refused: ${pix.message}`);
  return pix.toBRCode();
}

/** Modules of white around the symbol: ISO/IEC 18004's quiet zone for a QR code. */
export const QR_QUIET_ZONE_MODULES = 4;

// An order page awaiting its charge asks for itself every second (decision 440), and drawing
// a QR costs about 2 ms of CPU: the codes drawn lately are kept, about 4 KB each.
const drawnQrs = new LRUCache<string, string>({ max: 500 });

/** The code as an SVG QR code (error correction M, as banks' apps read it best). */
export async function pixQrSvg(code: string): Promise<string> {
  const drawn = drawnQrs.get(code);
  if (drawn) return drawn;
  const { toString } = await import("qrcode");
  const svg = await toString(code, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: QR_QUIET_ZONE_MODULES,
  });
  drawnQrs.set(code, svg);
  return svg;
}

/** The site's PIX code and QR for an amount and txid; null while no PIX key is configured. */
export async function sitePix(charge: {
  amountBrlCents: number;
  txid: string;
}): Promise<{ code: string; qrSvg: string } | null> {
  const env = getEnv();
  if (!env.PIX_KEY) return null;
  const code = await pixCode(
    { key: env.PIX_KEY, name: env.PIX_MERCHANT_NAME, city: env.PIX_MERCHANT_CITY },
    charge,
  );
  return { code, qrSvg: await pixQrSvg(code) };
}
