import { Link } from "react-router";
import { buttonClasses } from "./ui/button.tsx";

// The pages e-mailed links open (confirmation, Meus dados, unsubscribe, newsletter): a title,
// a sentence, and either one button (a plain form POST: mail scanners follow GET links and
// must never spend a token) or a link onwards. They work without JavaScript.

export function LinkPage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{text}</p>
      {children}
    </main>
  );
}

/** A page whose one button posts to the page's own URL, or to `action`. */
export function ButtonPage({
  title,
  text,
  button,
  action,
}: {
  title: string;
  text: string;
  button: string;
  action?: string;
}) {
  return (
    <LinkPage title={title} text={text}>
      <form method="post" action={action} className="mt-8">
        <button type="submit" className={buttonClasses({ size: "lg" })}>
          {button}
        </button>
      </form>
    </LinkPage>
  );
}

/** An outcome page with a link onwards. */
export function OutcomePage({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <LinkPage title={title} text={text}>
      <Link to={link.to} className="mt-6 inline-block text-primary underline underline-offset-4">
        {link.label}
      </Link>
    </LinkPage>
  );
}

/** The words of a page an e-mailed sign-in link opens (Meus dados, the customer area). */
export interface SessionLinkCopy {
  /** The area's name, the link home. */
  title: string;
  openTitle: string;
  openText: string;
  openButton: string;
  notFoundTitle: string;
  notFoundText: string;
  goneTitle: string;
  goneText: string;
}

/**
 * A sign-in link's page: its button while the link is valid; unknown or spent, why not and
 * a link to the area's `home` to ask for a new one.
 */
export function SessionLinkPage({
  state,
  copy,
  home,
}: {
  state: "valid" | "not-found" | "gone";
  copy: SessionLinkCopy;
  home: string;
}) {
  if (state === "valid") {
    return <ButtonPage title={copy.openTitle} text={copy.openText} button={copy.openButton} />;
  }
  const problem =
    state === "gone"
      ? { title: copy.goneTitle, text: copy.goneText }
      : { title: copy.notFoundTitle, text: copy.notFoundText };
  return <OutcomePage {...problem} link={{ to: home, label: copy.title }} />;
}

/** A status line after a form post, announced by screen readers. */
export function Notice({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="status" className="mt-6 rounded-md border border-border p-3">
      {message}
    </p>
  );
}
