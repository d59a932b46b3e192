import { Badge } from "../../components/ui/badge.tsx";
import { statementSourceCopy as copy } from "../../content/signed-statements.ts";
import { formatDate } from "../../lib/format.ts";

// Where a published record's statement came from (docs/decisions/377): signed by the
// broker's domain and verified on receipt, or uploaded by staff.

export interface StatementSignature {
  domain: string;
  /** When the signature was verified, ISO 8601. */
  verifiedAt: string;
  /** The raw message's SHA-256, when it was kept (docs/decisions/431). */
  messageSha256?: string | null;
}

export function StatementSource({ signature }: { signature: StatementSignature | null }) {
  return signature ? (
    <Badge tone="green">{copy.signed(signature.domain, formatDate(signature.verifiedAt))}</Badge>
  ) : (
    <Badge tone="grey">{copy.uploaded}</Badge>
  );
}
