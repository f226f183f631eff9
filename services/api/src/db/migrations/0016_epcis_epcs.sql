CREATE TABLE "epcis_epcs" (
	"company_id" integer NOT NULL,
	"epc" text COLLATE "C" NOT NULL,
	CONSTRAINT "epcis_epcs_pk" PRIMARY KEY("company_id","epc")
);
--> statement-breakpoint
ALTER TABLE "epcis_epcs" ADD CONSTRAINT "epcis_epcs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The EPCs of the events captured so far (the discovery collection reads this table from now on).
INSERT INTO "epcis_epcs" ("company_id", "epc")
SELECT DISTINCT company_id, unnest(any_epcs) FROM "epcis_events"
ON CONFLICT DO NOTHING;
