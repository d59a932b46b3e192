import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { ApplicationError } from "../../components/application-error.tsx";
import { NotFound } from "../../components/not-found.tsx";
import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteHeader } from "../../components/site-header.tsx";
import { skipLinkLabel } from "../../content/layout.ts";
import type { loader as rootLoader } from "../../root.tsx";

function SiteFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {skipLinkLabel}
      </a>
      <SiteHeader />
      <div className="flex-1">{children}</div>
      <SiteFooter
        year={root?.year ?? new Date().getFullYear()}
        instagramUrl={root?.site.instagramUrl ?? "#"}
        youtubeUrl={root?.site.youtubeUrl ?? "#"}
        company={root?.site.company ?? {}}
      />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

// A page's 404 (unknown agent, draft post) or error keeps the header and footer.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFound />
      ) : (
        <ApplicationError error={error} />
      )}
    </SiteFrame>
  );
}
