import { z } from "zod";
import { performanceAdminCopy } from "../../content/performance.ts";
import { signedStatementsAdminCopy } from "../../content/signed-statements.ts";
import { requiredText } from "../admin/schema-fields.ts";
import { accountCurrencies, accountKinds, serverClocks } from "../performance/model.ts";
import { MAX_BROKER_DOMAINS } from "./model.ts";

const { errors, fields } = signedStatementsAdminCopy;

// A domain name as DKIM's d= carries it: labels of letters, digits and hyphens, a final label
// of letters (an internationalised domain in its xn-- form).
const domainName =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The account of a robot whose broker e-mails its statements signed. */
export const inboxSettingsSchema = z.object({
  accountNumber: z
    .string({ error: errors.accountNumber })
    .trim()
    .regex(/^\d{1,20}$/, errors.accountNumber),
  brokerDomains: z
    .string({ error: errors.brokerDomains })
    .transform((value) => [
      ...new Set(
        value
          .split(/[\s,;]+/)
          .map((domain) => domain.trim().toLowerCase().replace(/\.$/, ""))
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(domainName, errors.brokerDomains), { error: errors.brokerDomains })
        .min(1, errors.brokerDomains)
        .max(MAX_BROKER_DOMAINS, errors.brokerDomains),
    ),
  accountKind: z.enum(accountKinds, { error: performanceAdminCopy.errors.accountKind }),
  broker: requiredText(fields.broker, 100),
  serverClock: z.enum(serverClocks, { error: performanceAdminCopy.errors.serverClock }),
  currency: z.enum(accountCurrencies, { error: performanceAdminCopy.errors.currencyField }),
});
