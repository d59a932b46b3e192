// The customer's Pix Automático form (docs/decisions/355): the CPF of the account that pays,
// typed with or without its dots and dash, checked by its digits (cpf-cnpj-validator).
import { cpf } from "cpf-cnpj-validator";
import { z } from "zod";
import { mandatePanelCopy } from "../../content/pix-automatico.ts";

export const mandateSchema = z.object({
  cpf: z
    .string({ error: mandatePanelCopy.invalidCpf })
    .trim()
    .max(20, mandatePanelCopy.invalidCpf)
    .transform((value) => value.replace(/[.\-\s]/g, ""))
    .refine((value) => /^\d{11}$/.test(value) && cpf.isValid(value), mandatePanelCopy.invalidCpf),
});
