import { isRouteErrorResponse } from "react-router";
import { errorCopy } from "../content/layout.ts";

/** What an error boundary shows of an error: its message, or the response's status. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return String(error);
}

/** The generic fallback (docs/product.md section 2): 'Unexpected Application Error!' with the error's message. */
export function ApplicationError({ error }: { error: unknown }) {
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-24">
      <h1 lang="en" className="text-2xl font-bold">
        {errorCopy.title}
      </h1>
      <p className="mt-4">{errorCopy.textPt}</p>
      <pre className="mt-4 overflow-x-auto rounded bg-muted p-4 text-sm whitespace-pre-wrap">
        {errorMessage(error)}
      </pre>
    </main>
  );
}
