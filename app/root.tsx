import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { ApplicationError } from "./components/application-error.tsx";
import { NotFound } from "./components/not-found.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { InlineStyles } from "./lib/inline-styles.tsx";
import { errorPageMeta } from "./lib/seo.ts";
import { useNonce } from "./lib/nonce.tsx";
import { usePageHydrates } from "./lib/page-scripts.ts";
import { getSiteConfig } from "./lib/site-config.server.ts";

export function loader() {
  return { site: getSiteConfig(), year: new Date().getFullYear() };
}

/**
 * A request React Router abandons rejects the promise of the form that sent it with an
 * AbortError that no code of ours can catch (seen in about a third of the runs of the
 * expired-session admin test, when the section gives way to the login). Abandoning it is
 * expected, not an error, so the page does not report it.
 */
function ignoreAbortedRequest(event: PromiseRejectionEvent) {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") {
    event.preventDefault();
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrates = usePageHydrates();
  // Marks the page once React has taken it over (only pages that load scripts, decision
  // 060): browser tests wait for this mark before they use controls that need JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useEffect(() => {
    window.addEventListener("unhandledrejection", ignoreAbortedRequest);
    return () => window.removeEventListener("unhandledrejection", ignoreAbortedRequest);
  }, []);
  return (
    <html lang="pt-BR" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1120" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <Meta />
        <InlineStyles />
        {/* Stylesheets need no nonce (decision 003). Without this empty one React Router
            writes the page's nonce, which the browser hides, and in development React then
            reports a hydration mismatch on the critical-CSS link. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <Toaster />
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Pages set their own titles; a 404 or crash shown by an error boundary gets this one (the
// deepest route above the boundary with a meta function decides, and layouts have none).
export function meta({ error }: Route.MetaArgs) {
  return error ? errorPageMeta(error) : [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ApplicationError error={error} />;
}
