// Portuguese copy of deliverability: refused sign-up addresses (more for the admin below).
export const addressCheckMessages = {
  disposable:
    "Este endereço é de um serviço de e-mail temporário. Use um e-mail que você acessa sempre.",
  undeliverable: "Este e-mail não pode receber mensagens. Confira o domínio depois do @.",
} as const;
