CREATE TABLE "scan_serial_months" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"month" date NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "scan_serial_months_pk" PRIMARY KEY("product_id","serial","month")
);
--> statement-breakpoint
CREATE TABLE "scan_serial_windows" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"days" smallint NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "scan_serial_windows_pk" PRIMARY KEY("product_id","serial","days")
);
--> statement-breakpoint
CREATE TABLE "scan_serial_windows_state" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"through" date NOT NULL,
	"rolled" date NOT NULL,
	"cursor_days" smallint,
	"cursor_day" date,
	"cursor_product" integer,
	"cursor_serial" text
);
--> statement-breakpoint
ALTER TABLE "scan_serial_months" ADD CONSTRAINT "scan_serial_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_serial_windows" ADD CONSTRAINT "scan_serial_windows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_serial_windows_state" ADD CONSTRAINT "scan_serial_windows_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_serial_months_company_rank_idx" ON "scan_serial_months" USING btree ("company_id","month","scans" DESC NULLS LAST,"serial" collate "C","product_id");--> statement-breakpoint
CREATE INDEX "scan_serial_months_product_rank_idx" ON "scan_serial_months" USING btree ("product_id","month","scans" DESC NULLS LAST,"serial" collate "C");--> statement-breakpoint
CREATE INDEX "scan_serial_windows_company_rank_idx" ON "scan_serial_windows" USING btree ("company_id","days","scans" DESC NULLS LAST,"serial" collate "C","product_id");--> statement-breakpoint
CREATE INDEX "scan_serial_windows_product_rank_idx" ON "scan_serial_windows" USING btree ("product_id","days","scans" DESC NULLS LAST,"serial" collate "C");--> statement-breakpoint
-- The ranked totals of the serials scanned so far, from their days (as rollups.ts rebuilds them): per month, and
-- the last 7, 30 and 90 days ending on each company's local today.
INSERT INTO "scan_serial_months" ("company_id", "product_id", "serial", "month", "scans")
SELECT d.company_id, d.product_id, d.serial, date_trunc('month', d.day)::date, sum(d.scans)::int
FROM "scan_serial_days" d
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "scan_serial_windows_state" ("company_id", "through", "rolled")
SELECT c.id, (now() AT TIME ZONE c.time_zone)::date, (now() AT TIME ZONE c.time_zone)::date FROM "companies" c;--> statement-breakpoint
INSERT INTO "scan_serial_windows" ("company_id", "product_id", "serial", "days", "scans")
SELECT d.company_id, d.product_id, d.serial, w.days, sum(d.scans)::int
FROM "scan_serial_days" d
JOIN "scan_serial_windows_state" s ON s.company_id = d.company_id
CROSS JOIN (VALUES (7), (30), (90)) AS w(days)
WHERE d.day > s.through - w.days
GROUP BY 1, 2, 3, 4;
