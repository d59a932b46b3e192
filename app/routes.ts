import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Portuguese URLs -> English module names.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("agentes", "routes/site/agents.tsx"),
    route("agentes/:slug", "routes/site/agent.tsx"),
    route("como-funciona", "routes/site/how-it-works.tsx"),
    route("precos", "routes/site/pricing.tsx"),
    route("blog", "routes/blog/list.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("newsletter", "routes/blog/newsletter.tsx"),
    route("newsletter/confirmar/:token", "routes/blog/newsletter-confirm.tsx"),
    route("contato", "routes/site/contact.tsx"),
    route("termos", "routes/site/terms.tsx"),
    route("privacidade", "routes/site/privacy.tsx"),
    route("aviso-de-risco", "routes/site/risk-notice.tsx"),
    route("confirmar/:token", "routes/site/confirm.tsx"),
    route("meus-dados", "routes/site/my-data.tsx"),
    route("descadastrar/:token", "routes/site/unsubscribe.tsx"),
    route("meus-dados/painel", "routes/site/my-data-panel.tsx"),
    route("meus-dados/dados.json", "routes/site/my-data-json.ts"),
    route("meus-dados/:token", "routes/site/my-data-view.tsx"),
    route("convite/:token", "routes/site/invitation.tsx"),
    route("admin", "routes/admin/login.tsx"),
    // Every section below is guarded by the layout's one requireAdmin (docs/decisions/070).
    layout("routes/admin/layout.tsx", [
      route("admin/lista", "routes/admin/waitlist.tsx"),
      route("admin/lista.csv", "routes/admin/waitlist-csv.ts"),
      route("admin/lista/:id", "routes/admin/waitlist-entry.tsx"),
      route("admin/robos", "routes/admin/robots.tsx"),
      route("admin/robos/:id/desempenho", "routes/admin/robot-performance.tsx"),
      route("admin/blog", "routes/admin/blog.tsx"),
      route("admin/emails", "routes/admin/emails.tsx"),
      route("admin/convites", "routes/admin/invitations.tsx"),
      route("admin/pedidos", "routes/admin/orders.tsx"),
      route("admin/implantacao", "routes/admin/setup.tsx"),
      route("admin/assinantes", "routes/admin/subscribers.tsx"),
      route("admin/assinantes.csv", "routes/admin/subscribers-csv.ts"),
      route("admin/entregabilidade", "routes/admin/deliverability.tsx"),
    ]),
    // A post as its public page shows it, drafts too; same guard (docs/decisions/078).
    layout("routes/admin/guard.tsx", [
      route("admin/blog/:id/previa", "routes/admin/blog-preview.tsx"),
    ]),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("healthz", "routes/seo/healthz.ts"),
  route("extratos/:id", "routes/site/statement-file.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("robots.txt", "routes/seo/robots-txt.ts"),
] satisfies RouteConfig;
