// Portuguese copy of the frame every page shares (docs/product.md section 2, header and footer).
import { href } from "react-router";

export const brand = {
  name: "Agentes FX",
  blurb:
    "Agentes automatizados de trading para Forex e cripto, com performance transparente, VPS gerenciada inclusa e operação 24/7.",
} as const;

export const mainMenu = [
  { label: "Home", to: href("/") },
  { label: "Nossos Agentes FX", to: href("/agentes") },
  { label: "Como Funciona", to: href("/como-funciona") },
  { label: "Preços", to: href("/precos") },
  { label: "Blog", to: href("/blog") },
  { label: "Contato", to: href("/contato") },
] as const;

export const legalMenu = [
  { label: "Termos e Condições", to: href("/termos") },
  { label: "Política de Privacidade", to: href("/privacidade") },
  { label: "Aviso de Risco", to: href("/aviso-de-risco") },
] as const;

export const headerCopy = {
  homeLinkLabel: "Agentes FX – página inicial",
  waitlistButton: "Lista de Espera VIP",
  menuButton: "Menu",
  menuLabel: "Menu principal",
} as const;

export const skipLinkLabel = "Pular para o conteúdo";

export const footerCopy = {
  menuTitle: "Menu",
  legalTitle: "Legal",
  socialTitle: "Redes sociais",
  instagram: "Instagram",
  youtube: "YouTube",
  riskWarning:
    "Aviso de risco: operar Forex e criptomoedas envolve risco substancial de perda financeira. Opere apenas com capital que você pode se dar ao luxo de perder.",
  copyright: (year: number) => `© ${year} Agentes FX. Todos os direitos reservados.`,
} as const;

export interface CompanyDetails {
  legalName?: string;
  cnpj?: string;
  address?: string;
}

/** The company's legal details as labelled parts; only those that are set. */
export function companyDetailParts(company: CompanyDetails): string[] {
  return [
    company.legalName ? `Razão social: ${company.legalName}` : "",
    company.cnpj ? `CNPJ: ${company.cnpj}` : "",
    company.address ? `Endereço: ${company.address}` : "",
  ].filter(Boolean);
}

// SPEC's English sentences (kept word for word, marked lang="en") with Portuguese beside them.
export const notFoundCopy = {
  title: "404",
  text: "Oops! Page not found",
  textPt: "Página não encontrada: o endereço pode ter mudado ou ter sido digitado errado.",
  homeLink: "Return to Home",
  homeLinkPt: "voltar à página inicial",
  pageTitle: "Página não encontrada (404) | Agentes FX",
} as const;

export const errorCopy = {
  title: "Unexpected Application Error!",
  textPt: "Erro inesperado: algo falhou do nosso lado. Tente novamente em instantes.",
  pageTitle: "Erro inesperado | Agentes FX",
} as const;
