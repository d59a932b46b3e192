// The /admin/assinantes filter, in the URL: q (part of the address) and situacao.
import * as z from "zod";

export const subscriberStates = ["todos", "confirmados", "pendentes", "descadastrados"] as const;
export type SubscriberState = (typeof subscriberStates)[number];

export const subscriberFilterSchema = z.object({
  q: z.string().trim().max(254).default(""),
  situacao: z.enum(subscriberStates).default("todos"),
});
export type SubscriberFilter = z.infer<typeof subscriberFilterSchema>;
