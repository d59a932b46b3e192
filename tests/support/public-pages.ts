// Every public page answers 200 with its main heading (every path of publicPaths, checked
// below, plus a blog post).
export const pages: Array<[path: string, heading: string]> = [
  ["/", "Automatize seu sucesso no Forex com agentes inteligentes"],
  ["/agentes", "Nossos Agentes FX"],
  ["/agentes/yenmax", "YenMax Agent"],
  ["/agentes/midaspulse", "MidasPulse Agent"],
  ["/agentes/trendkey-btc", "TrendKey BTC"],
  ["/agentes/yenmax/lamina", "Lâmina de YenMax Agent"],
  ["/agentes/midaspulse/lamina", "Lâmina de MidasPulse Agent"],
  ["/agentes/trendkey-btc/lamina", "Lâmina de TrendKey BTC"],
  ["/como-funciona", "Como Funciona"],
  ["/precos", "Preços"],
  ["/blog", "Blog"],
  ["/blog/hedge-e-preco-medio", "Hedge e preço médio: vantagens e riscos da estratégia"],
  ["/contato", "Lista de Espera VIP"],
  ["/termos", "Termos e Condições"],
  ["/privacidade", "Política de Privacidade"],
  ["/aviso-de-risco", "Aviso de Risco"],
];
