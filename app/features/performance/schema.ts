import { z } from "zod";
import { performanceAdminCopy } from "../../content/performance.ts";
import { requiredText } from "../admin/schema-fields.ts";
import { accountCurrencies, accountKinds, serverClocks } from "./model.ts";

const { errors, fields } = performanceAdminCopy;

/** The upload form's fields besides the file. */
export const statementUploadSchema = z.object({
  accountKind: z.enum(accountKinds, { error: errors.accountKind }),
  broker: requiredText(fields.broker, 100),
  serverClock: z.enum(serverClocks, { error: errors.serverClock }),
  currency: z.enum(accountCurrencies, { error: errors.currencyField }),
});
export type StatementUpload = z.infer<typeof statementUploadSchema>;
