import type { PostCategory } from "../features/posts/model.ts";

// Blog copy (docs/product.md section 2, Blog; docs/product.md rule 8). `?categoria=` takes the slug
// of a category; the chips are links, so filtering works without JavaScript.
export const blogCategories = [
  { slug: "educacao", label: "Educação" },
  { slug: "estrategia", label: "Estratégia" },
  { slug: "tecnologia", label: "Tecnologia" },
  { slug: "mercado", label: "Mercado" },
] as const satisfies readonly { slug: string; label: PostCategory }[];

/** The category a `?categoria=` value names, or null for none or an unknown value. */
export function categoryFromSlug(slug: string | null): PostCategory | null {
  return blogCategories.find((category) => category.slug === slug)?.label ?? null;
}

export const blogCopy = {
  meta: {
    title: "Blog",
    description:
      "Artigos sobre educação financeira, estratégias de trading, tecnologia e mercado para quem opera Forex e cripto com agentes automatizados.",
  },
  title: "Blog",
  intro:
    "Educação, estratégia, tecnologia e mercado: conteúdo para você operar com mais consciência.",
  allChip: "Todos",
  filterLabel: "Filtrar por categoria",
  empty: "Nenhum artigo publicado nesta categoria ainda.",
  readTime: (minutes: number) => `${minutes} min de leitura`,
  byAuthor: (author: string) => `Por ${author}`,
  newsletter: {
    title: "Receba nossos artigos",
    text: "Novos conteúdos sobre trading automatizado diretamente no seu e-mail.",
    label: "Seu e-mail",
    placeholder: "seu@email.com",
    button: "Inscrever-se",
    note: "Enviaremos um e-mail para confirmar. Você pode sair a qualquer momento pelo link em cada mensagem.",
  },
  post: {
    backLink: "Voltar para o blog",
    cta: {
      title: "Quer um agente operando por você?",
      text: "Entre na Lista de Espera VIP e garanta o desconto especial de pré-lançamento.",
    },
    relatedTitle: "Leia também",
  },
} as const;
