// The Open Graph image of each page type (1200x630, made by `npm run share-images`).
export const shareCards = {
  site: {
    image: "/og/site.png",
    title: "Robôs de trading",
    subtitle: "Forex e cripto, 24/7, com VPS inclusa",
    alt: "Agentes FX: robôs de trading para Forex e cripto",
  },
  agent: {
    image: "/og/agent.png",
    title: "Agentes de trading",
    subtitle: "Resultados públicos na MyFxBook",
    alt: "Agentes FX: agentes de trading com resultados públicos na MyFxBook",
  },
  blog: {
    image: "/og/blog.png",
    title: "Blog Agentes FX",
    subtitle: "Estratégia, mercado e tecnologia",
    alt: "Blog Agentes FX",
  },
} as const;

export type ShareCardType = keyof typeof shareCards;

export const shareCardSize = { width: 1200, height: 630 } as const;
