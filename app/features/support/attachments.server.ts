// The files of a customer's e-mail (decision 426): a file is kept when its content is one of
// the types we read (PDF, PNG, JPEG, plain text), its name says the same type, and it is at
// most 2 MB; at most 3 a message and 15 a conversation. Any other is refused with its reason,
// which staff see and the customer is told.
import { fileTypeFromBuffer } from "file-type";
import { attachmentRefusalCopy, supportEmailCopy } from "../../content/support.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NAME_MAX_CHARS,
  ATTACHMENTS_PER_CONVERSATION,
  ATTACHMENTS_PER_MESSAGE,
  attachmentContentTypes,
  type AttachmentContentType,
  type AttachmentRefusal,
} from "./model.ts";

/** A file as the e-mail carried it. */
export interface MailedFile {
  fileName: string | undefined;
  contentType: string;
  content: Buffer;
}

/** A file judged on its own: kept with its checked type, or refused. */
export type JudgedFile =
  | { fileName: string; sizeBytes: number; contentType: AttachmentContentType; bytes: Buffer }
  | { fileName: string; sizeBytes: number; refusal: AttachmentRefusal };

const byExtension: Record<string, AttachmentContentType> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain",
};

/** The name's last path part, without control characters, bounded. */
export function attachmentName(given: string | undefined): string {
  const base = (given ?? "").split(/[/\\]/).at(-1) ?? "";
  const printable = [...base].filter((c) => !hasControlCharacters(c)).join("");
  return printable.trim().slice(0, ATTACHMENT_NAME_MAX_CHARS) || "anexo";
}

/** The type the file says it is: by its name's extension, else by its declared type. */
function claimedType(fileName: string, declared: string): AttachmentContentType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension) return byExtension[extension] ?? null;
  const type = declared.toLowerCase() as AttachmentContentType;
  return attachmentContentTypes.includes(type) ? type : null;
}

/** Plain text: no binary signature, strict UTF-8, no control characters but line breaks. */
function isPlainText(content: Buffer): boolean {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    return !hasControlCharacters(text.replaceAll("\f", ""), true);
  } catch {
    return false;
  }
}

/** What the content is, by its bytes, when it is one of the types we keep. */
async function contentType(content: Buffer): Promise<AttachmentContentType | null> {
  const detected = await fileTypeFromBuffer(content);
  if (detected) {
    const mime = detected.mime as AttachmentContentType;
    return attachmentContentTypes.includes(mime) ? mime : null;
  }
  return isPlainText(content) ? "text/plain" : null;
}

export async function judgeFile(file: MailedFile): Promise<JudgedFile> {
  const fileName = attachmentName(file.fileName);
  const sizeBytes = file.content.byteLength;
  const claimed = claimedType(fileName, file.contentType);
  if (!claimed) return { fileName, sizeBytes, refusal: "type" };
  if (sizeBytes > ATTACHMENT_MAX_BYTES) return { fileName, sizeBytes, refusal: "size" };
  const actual = await contentType(file.content);
  if (actual !== claimed) return { fileName, sizeBytes, refusal: "content" };
  return { fileName, sizeBytes, contentType: actual, bytes: file.content };
}

/**
 * The message's files with the counts applied: past 3 kept in this message, or past 15 in the
 * conversation (`keptBefore` already there), a file that would be kept is refused instead.
 */
export function withinCounts(files: JudgedFile[], keptBefore: number): JudgedFile[] {
  let kept = 0;
  return files.map((file) => {
    if ("refusal" in file) return file;
    const { fileName, sizeBytes } = file;
    if (kept >= ATTACHMENTS_PER_MESSAGE) return { fileName, sizeBytes, refusal: "per-message" };
    if (keptBefore + kept >= ATTACHMENTS_PER_CONVERSATION) {
      return { fileName, sizeBytes, refusal: "per-conversation" };
    }
    kept += 1;
    return file;
  });
}

export type RefusedFile = Extract<JudgedFile, { refusal: unknown }>;

/** The refused files as the customer's e-mail lists them, one a line. */
export const refusedFilesText = (files: RefusedFile[]) =>
  files
    .map((file) =>
      supportEmailCopy.filesRefused.file(file.fileName, attachmentRefusalCopy[file.refusal]),
    )
    .join("\n");
