// Under the panel's support form: a WhatsApp link per subscription (decision 387) and the
// person's conversations with their due times (decision 386), apart from the form, which
// /contato loads too (decision 460).
import { href, Link } from "react-router";
import { supportPanelCopy as copy } from "../../content/support.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import type { SupportSubscription } from "./conversations.server.ts";

/** wa.me with a text naming the subscription (decision 387), when a number is configured. */
export function whatsappHref(
  base: string | undefined,
  subscription: Pick<SupportSubscription, "robotName" | "orderReference">,
): string | undefined {
  if (!base) return undefined;
  return `${base}?text=${encodeURIComponent(copy.whatsappText(subscription.robotName, subscription.orderReference))}`;
}

/** One WhatsApp link per subscription, under the form. */
export function WhatsappLinks({
  subscriptions,
}: {
  subscriptions: readonly SupportSubscription[];
}) {
  const { whatsappUrl } = useSiteConfig();
  if (!whatsappUrl || subscriptions.length === 0) return null;
  return (
    <div className="mt-4">
      <p>{copy.whatsappLabel}</p>
      <ul className="mt-1 grid gap-1">
        {subscriptions.map((s) => (
          <li key={s.id}>
            <a
              href={whatsappHref(whatsappUrl, s)}
              className="text-primary underline underline-offset-4"
            >
              {copy.whatsappLink}: {s.robotName} ({s.orderReference})
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface OwnConversation {
  id: string;
  reference: string;
  state: "open" | "closed";
  awaitingStaff: boolean;
  createdAt: string;
  /** "Respondemos até amanhã, 10h.", while an answer is owed. */
  promise: string | null;
}

/** The panel's list of the person's conversations and where each stands. */
export function OwnConversations({ conversations }: { conversations: readonly OwnConversation[] }) {
  if (conversations.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">{copy.openTitle}</h3>
      <ul className="mt-2 grid gap-2">
        {conversations.map((c) => (
          <li key={c.id}>
            <Link
              to={href("/minha-conta/suporte/:reference", { reference: c.reference })}
              aria-label={copy.openLink(c.reference)}
              className="text-primary underline underline-offset-4"
            >
              {copy.openLine(c.reference, c.createdAt)}
            </Link>
            : {c.state === "closed" ? copy.closed : (c.promise ?? copy.answered)}
          </li>
        ))}
      </ul>
    </div>
  );
}
