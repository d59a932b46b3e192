// The MetaTrader statement a received message carries (docs/decisions/377), read in the
// statement reader's process with the statement itself (docs/decisions/490): parsing the MIME
// message on the server's thread held its event loop once per message of a burst.
import { simpleParser, type ParsedMail } from "mailparser";
import { safeStatementFileName } from "../performance/statement-file-name.ts";

export interface MailedStatementFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The message's first HTML attachment, or else its HTML body (brokers send both ways); null
 * when it has neither or is not a message mailparser can read.
 */
export async function statementOfMessage(raw: Uint8Array): Promise<MailedStatementFile | null> {
  let mail: ParsedMail;
  try {
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    mail = await simpleParser(bytes, { skipImageLinks: true, skipTextToHtml: true });
  } catch {
    return null;
  }
  const attachment = mail.attachments.find(
    (part) => /\.html?$/i.test(part.filename ?? "") || part.contentType === "text/html",
  );
  if (attachment) {
    return {
      fileName: safeStatementFileName(attachment.filename),
      bytes: new Uint8Array(attachment.content),
    };
  }
  if (typeof mail.html === "string" && mail.html.trim() !== "") {
    return { fileName: "extrato.htm", bytes: new TextEncoder().encode(mail.html) };
  }
  return null;
}
