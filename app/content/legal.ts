// Legal pages (docs/product.md section 2): templates of terms (9 sections) and privacy policy
// (10 sections), and the risk notice. E-mail addresses come from the site configuration.

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

export const legalUpdatedAt = "Última atualização: 23/11/2026";

/** The legal pages' section naming the company (its details: layout.ts, shared with the footer). */
export const companySectionTitle = "Quem opera o site";

export const termsCopy = {
  meta: {
    title: "Termos e Condições",
    description:
      "Termos e Condições de uso do site e dos agentes de trading automatizado da Agentes FX.",
  },
  title: "Termos e Condições",
  intro:
    "Ao usar este site ou contratar um agente, você concorda com os termos abaixo. Leia-os com atenção.",
  sections: [
    {
      title: "1. Aceitação dos termos",
      paragraphs: [
        "Ao acessar o site, entrar na lista de espera ou contratar qualquer serviço da Agentes FX, você declara ter lido, entendido e aceitado estes Termos e Condições, a Política de Privacidade e o Aviso de Risco.",
      ],
    },
    {
      title: "2. Descrição do serviço",
      paragraphs: [
        "A Agentes FX oferece, mediante assinatura mensal, o aluguel de agentes de trading automatizado (robôs) para Forex e criptomoedas, executados em uma VPS gerenciada pela nossa equipe.",
        "Não somos corretora, não recebemos depósitos de clientes e não realizamos gestão de recursos de terceiros. As operações ocorrem na conta do próprio cliente, na corretora escolhida por ele.",
      ],
    },
    {
      title: "3. Elegibilidade e cadastro",
      paragraphs: [
        "O serviço é destinado a maiores de 18 anos, legalmente capazes. Você se compromete a fornecer informações verdadeiras e a mantê-las atualizadas.",
      ],
    },
    {
      title: "4. Lista de espera",
      paragraphs: [
        "A inscrição na lista de espera não garante a contratação. Quando uma vaga for liberada, enviaremos um convite por e-mail, que deverá ser confirmado em até 48 horas; depois disso a vaga pode ser oferecida a outra pessoa.",
      ],
    },
    {
      title: "5. Pagamentos, cobrança e cancelamento",
      paragraphs: [
        "A cobrança é mensal e recorrente, em dólares americanos (USD). Você pode cancelar a qualquer momento, sem taxas; o cancelamento vale ao final do ciclo já pago.",
        "O desconto de 25% com a {corretora} é permanente enquanto a conta nessa corretora estiver ativa.",
      ],
    },
    {
      title: "6. Garantia de 7 dias",
      paragraphs: [
        "Se não ficar satisfeito, você pode pedir o reembolso integral da primeira mensalidade em até 7 dias após a contratação. A garantia não cobre perdas de trading.",
      ],
    },
    {
      title: "7. Riscos e ausência de garantia de resultados",
      paragraphs: [
        "O trading de Forex e criptomoedas envolve risco substancial de perda financeira. Resultados passados não garantem resultados futuros, e nenhuma informação deste site constitui recomendação de investimento.",
        "Você é o único responsável pelas decisões de investimento e pelo capital que expõe ao mercado.",
      ],
    },
    {
      title: "8. Limitação de responsabilidade",
      paragraphs: [
        "A Agentes FX não se responsabiliza por perdas decorrentes de movimentos de mercado, falhas da corretora, interrupções de internet ou energia fora da nossa infraestrutura, nem por decisões tomadas com base no conteúdo do site.",
      ],
    },
    {
      title: "9. Alterações e foro",
      paragraphs: [
        "Estes termos podem ser atualizados a qualquer momento; a versão vigente é sempre a publicada nesta página. Aplica-se a legislação brasileira, e fica eleito o foro do domicílio do consumidor.",
      ],
    },
  ],
} as const satisfies {
  meta: { title: string; description: string };
  title: string;
  intro: string;
  sections: readonly LegalSection[];
};

/**
 * The terms' sections with the service-credit rule (docs/decisions/394) closing section 5,
 * "Pagamentos, cobrança e cancelamento": the rule carries the threshold staff set.
 */
export function termsSections(creditRule: string): readonly LegalSection[] {
  return termsCopy.sections.map((section) =>
    section.title.startsWith("5. ")
      ? { ...section, paragraphs: [...section.paragraphs, creditRule] }
      : section,
  );
}

export const privacyCopy = {
  meta: {
    title: "Política de Privacidade",
    description:
      "Como a Agentes FX coleta, usa, guarda e protege os seus dados pessoais, de acordo com a LGPD.",
  },
  title: "Política de Privacidade",
  intro:
    "Esta política explica quais dados pessoais coletamos, por que os coletamos e como você pode exercer os seus direitos, nos termos da Lei Geral de Proteção de Dados (LGPD).",
  sections: [
    {
      title: "1. Quem somos",
      paragraphs: [
        "A Agentes FX é a controladora dos dados pessoais tratados neste site e nos serviços de agentes de trading automatizado.",
      ],
    },
    {
      title: "2. Dados que coletamos",
      paragraphs: [
        "Na lista de espera: nome, e-mail, agentes de interesse, mensagem opcional e os seus consentimentos. Na navegação: dados técnicos como endereço IP, navegador e páginas visitadas.",
      ],
    },
    {
      title: "3. Como usamos os dados",
      paragraphs: [
        "Para gerenciar a lista de espera, enviar o convite de contratação, prestar o serviço e o suporte, prevenir fraudes e abusos e, se você consentir, enviar comunicações de marketing.",
      ],
    },
    {
      title: "4. Bases legais",
      paragraphs: [
        "Tratamos dados com base no seu consentimento, na execução de contrato ou de procedimentos preliminares a ele, no cumprimento de obrigações legais e no nosso legítimo interesse, sempre nos limites da LGPD.",
      ],
    },
    {
      title: "5. Compartilhamento",
      paragraphs: [
        "Não vendemos dados pessoais. Compartilhamos apenas o necessário com prestadores de serviço (hospedagem, e-mail, meios de pagamento) e com autoridades, quando exigido por lei.",
      ],
    },
    {
      title: "6. Cookies",
      paragraphs: [
        "Usamos apenas cookies necessários ao funcionamento do site: o cookie de sessão da área administrativa e o de Meus dados, que dura 1 hora depois de você abrir o link recebido por e-mail. Não usamos cookies de publicidade.",
      ],
    },
    {
      title: "7. Armazenamento e segurança",
      paragraphs: [
        "Os dados são guardados em servidores com acesso restrito e protegidos por medidas técnicas e administrativas adequadas.",
      ],
    },
    {
      title: "8. Retenção",
      paragraphs: [
        "Mantemos os dados enquanto forem necessários às finalidades descritas ou pelo prazo exigido por lei. Depois disso, eles são excluídos ou anonimizados.",
      ],
    },
    {
      title: "9. Seus direitos",
      paragraphs: [
        "Você pode pedir acesso, correção, portabilidade, anonimização ou exclusão dos seus dados, revogar o consentimento e saber com quem eles foram compartilhados.",
        "Quem está na lista de espera pode fazer isso sozinho em Meus dados (/meus-dados): digite o seu e-mail e enviaremos um link que vale por 1 hora e funciona uma vez. Nele você vê tudo o que guardamos e o histórico dos seus consentimentos, corrige nome e agentes de interesse, dá ou retira o aceite de contato de marketing, baixa os dados em JSON e apaga a sua inscrição. A exclusão é imediata: guardamos apenas um código do seu e-mail (hash), para nunca mais escrever para ele, e você pode se inscrever de novo quando quiser.",
        "Toda mensagem de marketing traz um link para se descadastrar com um clique.",
      ],
    },
    {
      title: "10. Contato",
      paragraphs: [
        "Para exercer os seus direitos ou tirar dúvidas sobre esta política, fale com o encarregado pelo tratamento de dados pessoais, indicado abaixo.",
      ],
    },
  ],
  officerLabel: "Encarregado pelo tratamento de dados pessoais:",
  contactLabel: "E-mail de privacidade:",
  myDataLink: "Abrir Meus dados",
} as const satisfies {
  meta: { title: string; description: string };
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  officerLabel: string;
  contactLabel: string;
  myDataLink: string;
};

export const riskNoticeCopy = {
  meta: {
    title: "Aviso de Risco",
    description:
      "Operar Forex e criptomoedas envolve risco substancial de perda financeira. Leia o aviso de risco antes de usar um agente automatizado.",
  },
  title: "Aviso de Risco",
  intro:
    "Negociar Forex e criptomoedas envolve risco substancial de perda financeira e não é adequado a todos os investidores. Opere apenas com capital que você pode se dar ao luxo de perder.",
  sections: [
    {
      title: "Alavancagem",
      paragraphs: [
        "Operações alavancadas ampliam tanto os ganhos quanto as perdas. Pequenos movimentos de preço podem causar perdas maiores do que o capital depositado.",
      ],
    },
    {
      title: "Volatilidade das criptomoedas",
      paragraphs: [
        "Criptomoedas como o Bitcoin são extremamente voláteis e podem variar fortemente em poucos minutos, inclusive fora do horário comercial.",
      ],
    },
    {
      title: "Trading automatizado",
      paragraphs: [
        "Agentes automatizados seguem regras fixas e podem sofrer com mudanças de mercado, falhas de conexão, problemas na corretora ou eventos inesperados. Automatizar não elimina o risco.",
      ],
    },
    {
      title: "Resultados passados",
      paragraphs: [
        "As métricas exibidas, como retorno médio mensal e drawdown máximo, referem-se ao passado e não garantem resultados futuros. Nenhum conteúdo deste site é recomendação de investimento.",
      ],
    },
  ],
  contact: {
    title: "Dúvidas?",
    text: "Antes de contratar, tire as suas dúvidas com a nossa equipe pelo e-mail de suporte ou pela página de contato.",
    emailLabel: "E-mail de suporte:",
    link: "Fale conosco",
  },
} as const satisfies {
  meta: { title: string; description: string };
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  contact: { title: string; text: string; emailLabel: string; link: string };
};
