import { Form, Link } from "react-router";
import { confirmPageCopy as copy } from "../../content/email.ts";

export type ConfirmPageState = "valid" | "confirmed" | "not-found" | "gone";

const messages = {
  confirmed: { title: copy.doneTitle, text: copy.doneText },
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
  gone: { title: copy.goneTitle, text: copy.goneText },
} as const;

/** The confirmation link's page: a button (plain form POST, no JavaScript) or the outcome. */
export function ConfirmPage({ state }: { state: ConfirmPageState }) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16 text-center">
      {state === "valid" ? (
        <>
          <h1 className="text-3xl font-bold">{copy.title}</h1>
          <p className="mt-4 text-muted-foreground">{copy.text}</p>
          <Form method="post" className="mt-8">
            <button
              type="submit"
              className="rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground"
            >
              {copy.button}
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">{messages[state].title}</h1>
          <p className="mt-4 text-muted-foreground">{messages[state].text}</p>
          <Link to="/" className="mt-6 inline-block text-primary underline underline-offset-4">
            {copy.homeLink}
          </Link>
        </>
      )}
    </main>
  );
}
