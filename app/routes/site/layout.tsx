import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteHeader } from "../../components/site-header.tsx";
import { skipLinkLabel } from "../../content/common.ts";
import type { loader as rootLoader } from "../../root.tsx";

export default function SiteLayout() {
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
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter
        year={root?.year ?? new Date().getFullYear()}
        instagramUrl={root?.site.instagramUrl ?? "#"}
        youtubeUrl={root?.site.youtubeUrl ?? "#"}
      />
    </div>
  );
}
