import { href, Link } from "react-router";
import {
  attachmentRefusalCopy,
  supportConversationCopy as copy,
  supportPanelCopy,
} from "../../content/support.ts";
import { fileSizeText } from "./file-size.ts";
import type { OwnConversationPageData } from "./panel.server.ts";

// /minha-conta/suporte/:reference: the customer's own conversation, their messages and the
// team's answers, with the names of the files they sent (decision 462).

export function OwnConversationPage({ conversation }: { conversation: OwnConversationPageData }) {
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{copy.title(conversation.reference)}</h1>
      <p className="mt-2 text-muted-foreground">
        {copy.openedOn(conversation.createdAt)}{" "}
        {conversation.closed
          ? supportPanelCopy.closed
          : (conversation.promise ?? supportPanelCopy.answered)}
      </p>
      <ol className="mt-8 grid gap-4">
        {conversation.messages.map((message) => (
          <li key={message.id} className="rounded-md border p-4">
            <p className="text-sm font-semibold">
              {message.author === "staff" ? copy.staff : copy.you}{" "}
              <span className="font-normal text-muted-foreground">{message.createdAt}</span>
            </p>
            <p className="mt-2 whitespace-pre-wrap wrap-anywhere">{message.body}</p>
            {message.attachments.length > 0 ? (
              <ul aria-label={copy.filesTitle} className="mt-2 grid gap-1 text-sm">
                {message.attachments.map((file) => (
                  <li key={file.id} className="wrap-anywhere text-muted-foreground">
                    {file.refusal
                      ? copy.fileRefused(file.fileName, attachmentRefusalCopy[file.refusal])
                      : copy.fileKept(file.fileName, fileSizeText(file.sizeBytes))}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="mt-8">
        {conversation.replyAddress ? (
          <>
            {copy.replyByEmail}{" "}
            <a
              href={`mailto:${conversation.replyAddress}`}
              className="text-primary underline underline-offset-4 wrap-anywhere"
            >
              {conversation.replyAddress}
            </a>
            .
          </>
        ) : (
          copy.replyByPanel
        )}
      </p>
      <p className="mt-4">
        <Link to={href("/minha-conta/painel")} className="underline underline-offset-4">
          {copy.back}
        </Link>
      </p>
    </main>
  );
}
