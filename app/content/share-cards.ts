// The Open Graph image of each page type (1200x630, made by `npm run share-images`).
export const shareCards = {
  site: { image: "/og/site.png", alt: "Agentes FX: robôs de trading para Forex e cripto" },
  agent: {
    image: "/og/agent.png",
    alt: "Agentes FX: agentes de trading com resultados públicos na MyFxBook",
  },
  blog: { image: "/og/blog.png", alt: "Blog Agentes FX" },
} as const;

export type ShareCardType = keyof typeof shareCards;

/**
 * The words drawn on each image, apart from shareCards: only the image maker reads them, and
 * seo.ts (which pages load in the browser) reads shareCards (docs/decisions/322).
 */
export const shareCardTexts = {
  site: { title: "Robôs de trading", subtitle: "Forex e cripto, 24/7, com VPS inclusa" },
  agent: { title: "Agentes de trading", subtitle: "Resultados públicos na MyFxBook" },
  blog: { title: "Blog Agentes FX", subtitle: "Estratégia, mercado e tecnologia" },
} as const satisfies Record<ShareCardType, { title: string; subtitle: string }>;

export const shareCardSize = { width: 1200, height: 630 } as const;
