// pt-BR date and time in São Paulo time for the admin (docs/product.md rule 12): "01/11/2026 23:30".
import { SAO_PAULO } from "../../lib/time-zone.ts";

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SAO_PAULO,
});

export function formatDateTime(value: Date): string {
  return dateTimeFormat.format(value).replace(", ", " ");
}
