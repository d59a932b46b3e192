CREATE TABLE "waitlist_counts" (
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "waitlist_counts_status_kind_value_slot_pk" PRIMARY KEY("status","kind","value","slot")
);
--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(name || ' ' || email, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "waitlist_search_text_trgm_idx" ON "waitlist" USING gin ("search_text" gin_trgm_ops);