import { href, Link } from "react-router";
import { notFoundCopy } from "../content/layout.ts";

export function NotFound() {
  return (
    <main
      id="conteudo"
      className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-24 text-center"
    >
      <h1 className="text-5xl font-bold">{notFoundCopy.title}</h1>
      <p lang="en" className="mt-4 text-xl text-muted-foreground">
        {notFoundCopy.text}
      </p>
      <p className="mt-2 text-muted-foreground">{notFoundCopy.textPt}</p>
      <Link
        to={href("/")}
        className="mt-6 text-primary underline underline-offset-4 hover:no-underline"
      >
        <span lang="en">{notFoundCopy.homeLink}</span> ({notFoundCopy.homeLinkPt})
      </Link>
    </main>
  );
}
