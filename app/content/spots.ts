// Issue 12: what the public pages say of a robot with a capacity (vagas), counted live.
export const spotsCopy = {
  /** The badge of a limited robot whose content has none of its own. */
  limitedBadge: "Vagas Limitadas",
  soldOutBadge: "Vagas Esgotadas",
  available: (free: number) =>
    free === 1 ? "Apenas 1 vaga disponível" : `Apenas ${free} vagas disponíveis`,
  soldOut: "Vagas esgotadas: entre na lista de espera",
} as const;
