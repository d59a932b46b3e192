// Portuguese copy of the /contato page, the VIP waitlist (docs/product.md sections 2 and 5). The
// sign-up form's copy is in signup.ts, its messages in signup-messages.ts.
import { footerCopy } from "./layout.ts";

export const contactPage = {
  meta: {
    title: "Lista de Espera VIP",
    description:
      "Entre para a lista de espera VIP dos agentes de trading automatizado para Forex e cripto e garanta sua vaga com desconto especial para os primeiros clientes.",
  },
  eyebrow: "Contato",
  title: "Lista de Espera VIP",
  intro:
    "As vagas são limitadas. Entre para a lista de espera e garanta condições especiais para os primeiros clientes. Entraremos em contato por e-mail assim que sua vaga estiver disponível.",
  benefitsTitle: "Por que entrar agora?",
  supportTitle: "Fale com a gente",
  supportText: "Dúvidas antes de entrar na lista? Escreva para o nosso suporte.",
  supportEmailLabel: "E-mail:",
  whatsappLabel: "WhatsApp:",
  whatsappLink: "conversar pelo WhatsApp",
  benefits: [
    "Desconto especial para os primeiros clientes da lista.",
    "Prioridade na liberação das vagas de cada agente.",
    "VPS gerenciada inclusa e configurada pela nossa equipe.",
    "Suporte por e-mail e chat em horário comercial.",
  ],
  // The footer's sentence, so the page's JavaScript carries it once (docs/decisions/322).
  riskWarning: footerCopy.riskWarning,
} as const;
