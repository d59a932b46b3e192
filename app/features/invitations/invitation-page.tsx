import { BrokerText } from "../../components/site/broker-text.tsx";
import { Form, href, Link } from "react-router";
import { PriceTag } from "../../components/site/price-tag.tsx";
import { invitationPageCopy as copy } from "../../content/invitations.ts";
import type { PriceTexts } from "../orders/format.ts";

export type InvitationPageState =
  | {
      state: "open";
      robotName: string;
      /** The price tag's texts, null for "Sob consulta". */
      price: PriceTexts | null;
      deadline: string;
      msLeft: number;
      /** "Não tenho mais interesse" was pressed once: the page asks before declining. */
      confirmDecline?: boolean;
    }
  | {
      state:
        "accepted" | "declined" | "already-accepted" | "gone" | "full" | "not-found" | "invalid";
    };

const outcomes = {
  accepted: { title: copy.acceptedTitle, text: copy.acceptedText },
  declined: { title: copy.declinedTitle, text: copy.declinedText },
  "already-accepted": { title: copy.alreadyAcceptedTitle, text: copy.alreadyAcceptedText },
  gone: { title: copy.goneTitle, text: copy.goneText },
  full: { title: copy.fullTitle, text: copy.fullText },
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
  invalid: { title: copy.notFoundTitle, text: copy.invalidRequest },
} as const;

function timeLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return copy.timeLeft(Math.floor(minutes / 60), minutes % 60);
}

/** /convite/:token: the offer and two buttons (plain form POSTs), or what became of it. */
export function InvitationPage({ view }: { view: InvitationPageState }) {
  if (view.state !== "open") {
    const { title, text } = outcomes[view.state];
    return (
      <main id="conteudo" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-muted-foreground">{text}</p>
        <Link
          to={href("/")}
          className="mt-6 inline-block text-primary underline underline-offset-4"
        >
          {copy.homeLink}
        </Link>
      </main>
    );
  }
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{copy.title(view.robotName)}</h1>
      <p className="mt-4 text-muted-foreground">{copy.intro}</p>
      <section aria-labelledby="convite-preco" className="mt-8 rounded-2xl border bg-card p-6">
        <h2 id="convite-preco" className="text-lg font-semibold">
          {copy.priceLabel}
        </h2>
        <PriceTag price={view.price} className="mt-3" />
        <p className="mt-3 text-sm text-muted-foreground">
          <BrokerText text={copy.discountExplained} />
        </p>
      </section>
      <dl className="mt-6 grid gap-1">
        <dt className="text-sm text-muted-foreground">{copy.deadlineLabel}</dt>
        <dd className="text-lg font-semibold">{view.deadline}</dd>
        <dd>{timeLeft(view.msLeft)}</dd>
      </dl>
      {view.confirmDecline ? (
        <section
          aria-labelledby="convite-recusar"
          role="alert"
          className="mt-8 rounded-2xl border border-danger/50 bg-danger/10 p-6"
        >
          <h2 id="convite-recusar" className="text-lg font-semibold">
            {copy.declineConfirmTitle}
          </h2>
          <p className="mt-2 text-sm">{copy.declineConfirmText}</p>
          <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row">
            <input type="hidden" name="confirmar" value="sim" />
            <button
              type="submit"
              name="intent"
              value="decline"
              className="rounded-md border border-danger px-6 py-3 font-semibold"
            >
              {copy.declineConfirm}
            </button>
            <Link
              to="."
              className="rounded-md border border-border px-6 py-3 text-center font-semibold"
            >
              {copy.declineCancel}
            </Link>
          </Form>
        </section>
      ) : null}
      <Form method="post" className="mt-8 grid gap-4">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="partnerBroker"
            value="on"
            className="mt-1 size-4 accent-primary"
          />
          <span>{copy.partnerBroker}</span>
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            name="intent"
            value="accept"
            className="rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground"
          >
            {copy.accept}
          </button>
          <button
            type="submit"
            name="intent"
            value="decline"
            className="rounded-md border border-border px-6 py-3 font-semibold"
          >
            {copy.decline}
          </button>
        </div>
      </Form>
    </main>
  );
}
