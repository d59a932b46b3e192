// "Como Funciona" copy (docs/product.md section 2, How it works), FAQ included. {corretora}
// stands for the partner broker of the site configuration (content/common.ts).
export const howItWorksCopy = {
  meta: {
    title: "Como Funciona",
    description:
      "Do agente escolhido à operação 24/7: seis passos, VPS gerenciada inclusa, 25% de desconto com a corretora parceira e respostas às dúvidas frequentes.",
  },
  title: "Como Funciona",
  intro:
    "Do primeiro clique à operação automática em seis passos. Nossa equipe cuida da infraestrutura para você se concentrar nos resultados.",
  steps: {
    title: "Seis passos para começar",
    items: [
      {
        title: "Escolha seu agente",
        text: "Compare os agentes, suas estratégias e níveis de risco, e escolha o que combina com o seu perfil.",
      },
      {
        title: "Abra sua conta na corretora (opcional)",
        text: "Abrindo sua conta na {corretora}, você garante 25% de desconto na mensalidade enquanto a conta estiver ativa.",
      },
      {
        title: "Entre na lista de espera",
        text: "Inscreva-se na Lista de Espera VIP para garantir sua vaga e o desconto de pré-lançamento.",
      },
      {
        title: "Confirmação e pagamento",
        text: "Quando sua vaga for liberada, você recebe um convite por e-mail e tem 48 horas para confirmar e efetuar o pagamento.",
      },
      {
        title: "Configuração da VPS",
        text: "Nossa equipe configura a VPS e instala o agente para você em 2 a 4 horas úteis.",
      },
      {
        title: "Comece a operar",
        text: "Seu agente passa a operar 24/7, e você acompanha a performance verificada em tempo real.",
      },
    ],
  },
  vps: {
    title: "VPS Gerenciada Inclusa",
    text: "Cada agente roda em um servidor virtual dedicado, configurado e mantido pela nossa equipe. Sem instalar nada no seu computador e sem depender da sua internet.",
    items: [
      {
        title: "Operação 24/7",
        text: "O agente fica ligado o tempo todo, mesmo com o seu computador desligado.",
      },
      {
        title: "Baixa latência",
        text: "Servidores próximos às corretoras, para execuções mais rápidas.",
      },
      {
        title: "Manutenção incluída",
        text: "Atualizações, monitoramento e correções feitas pela nossa equipe.",
      },
      {
        title: "Backup automático",
        text: "Configurações e histórico salvos automaticamente.",
      },
    ],
  },
  discount: {
    title: "25% de desconto com a corretora parceira",
    text: "Abra sua conta na {corretora} e pague 25% a menos em qualquer agente. O desconto é permanente enquanto a sua conta na corretora estiver ativa.",
    stepsTitle: "Como obter o desconto",
    steps: [
      "Abra sua conta na {corretora}.",
      "Ative a conta e faça o seu primeiro depósito.",
      "Entre na lista de espera e informe na mensagem o número da sua conta.",
      "Receba 25% de desconto em todas as mensalidades enquanto a conta estiver ativa.",
    ],
  },
  faq: {
    title: "Perguntas Frequentes",
    items: [
      {
        question: "Quais são os riscos envolvidos?",
        answer:
          "O trading de Forex e criptomoedas envolve risco substancial de perda financeira. Mesmo com gestão de risco, é possível perder parte ou todo o capital investido. Opere apenas com capital que você pode se dar ao luxo de perder.",
      },
      {
        question: "Como funciona o suporte?",
        answer:
          "O suporte é feito por e-mail e chat em horário comercial. A VPS e os agentes são monitorados pela nossa equipe 24/7.",
      },
      {
        question: "Posso cancelar a qualquer momento?",
        answer:
          "Sim. A cobrança é mensal e recorrente, e você pode cancelar quando quiser, sem taxas. O cancelamento vale ao final do ciclo já pago.",
      },
      {
        question: "Quantas contas posso usar com cada robô?",
        answer:
          "Cada assinatura vale para uma conta de trading. Para operar o mesmo agente em outra conta, é preciso uma nova assinatura.",
      },
      {
        question: "Como recebo o desconto de 25%?",
        answer:
          "Abra sua conta na {corretora}, informe o número da conta ao entrar na lista de espera e o desconto é aplicado a todas as mensalidades enquanto a conta estiver ativa.",
      },
      {
        question: "Os resultados são garantidos?",
        answer:
          "Não. Resultados passados não garantem resultados futuros. A performance exibida é verificada por terceiros, mas o mercado muda e perdas podem ocorrer.",
      },
    ],
  },
  cta: {
    title: "Pronto para começar?",
    text: "Garanta sua vaga na lista de espera e o desconto de pré-lançamento.",
  },
} as const;
