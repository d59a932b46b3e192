// The site's one time zone (docs/product.md rule 12): every date and time it shows or counts
// (cycles, business hours, tallies, the admin's dates) is São Paulo's.
export const SAO_PAULO = "America/Sao_Paulo";
