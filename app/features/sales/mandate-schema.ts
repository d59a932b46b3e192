// The customer's Pix Automático form (docs/decisions/355): the CPF of the account that pays,
// typed with or without its dots and dash, checked by its digits (brazilian-utils, as the payer document).
import { isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { mandatePanelCopy } from "../../content/pix-automatico.ts";

export const mandateSchema = z.object({
  cpf: z
    .string({ error: mandatePanelCopy.invalidCpf })
    .trim()
    .max(20, mandatePanelCopy.invalidCpf)
    .transform((value) => value.replace(/[.\-\s]/g, ""))
    .refine((value) => /^\d{11}$/.test(value) && isValidCpf(value), mandatePanelCopy.invalidCpf),
});
