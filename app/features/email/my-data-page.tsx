import { Form, Link } from "react-router";
import type { waitlist } from "../../../db/schema.ts";
import { myDataCopy as copy } from "../../content/email.ts";

const inputClass = "mt-1 block w-full rounded-md border px-3 py-2";

/** /meus-dados: one e-mail field, a hidden honeypot, a plain form POST. */
export function MyDataRequestPage({ message }: { message?: string }) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      <p className="mt-4 text-muted-foreground">{copy.intro}</p>
      {message ? (
        <p role="status" className="mt-6 rounded-md border p-3">
          {message}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <label className="block">
          {copy.emailLabel}
          <input type="email" name="email" required autoComplete="email" className={inputClass} />
        </label>
        <div hidden>
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button
          type="submit"
          className="rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground"
        >
          {copy.button}
        </button>
      </Form>
    </main>
  );
}

type Entry = typeof waitlist.$inferSelect;

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

function shown(value: Entry[keyof Entry]): string {
  if (value === null || value === "") return copy.none;
  if (value instanceof Date) return dateTime.format(value);
  if (typeof value === "boolean") return value ? copy.yes : copy.no;
  if (Array.isArray(value)) return value.length ? value.join(", ") : copy.none;
  return String(value);
}

/** Everything stored about the person, with the JSON download. */
export function MyDataView({ entry }: { entry: Entry }) {
  const fields = Object.keys(copy.fields) as (keyof typeof copy.fields)[];
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{copy.dataTitle}</h1>
      <dl className="mt-6 space-y-3">
        {fields.map((field) => (
          <div key={field}>
            <dt className="text-sm text-muted-foreground">{copy.fields[field]}</dt>
            <dd className="font-medium break-words">{shown(entry[field])}</dd>
          </div>
        ))}
      </dl>
      <a href="?formato=json" download className="mt-8 inline-block text-primary underline">
        {copy.download}
      </a>
    </main>
  );
}

export function MyDataLinkProblem({ state }: { state: "not-found" | "gone" }) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        {state === "gone" ? copy.goneTitle : copy.notFoundTitle}
      </h1>
      <p className="mt-4 text-muted-foreground">
        {state === "gone" ? copy.goneText : copy.notFoundText}
      </p>
      <Link to="/meus-dados" className="mt-6 inline-block text-primary underline">
        {copy.title}
      </Link>
    </main>
  );
}
