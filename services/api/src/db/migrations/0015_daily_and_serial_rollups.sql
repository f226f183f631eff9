CREATE TABLE "scan_daily_rollups" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "scan_daily_rollups_pk" PRIMARY KEY("company_id","product_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "scan_serial_day_counts" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"previous_day" date NOT NULL,
	"serials" integer NOT NULL,
	CONSTRAINT "scan_serial_day_counts_pk" PRIMARY KEY("company_id","product_id","day","previous_day")
);
--> statement-breakpoint
CREATE TABLE "scan_serial_days" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"day" date NOT NULL,
	"scans" integer NOT NULL,
	"previous_day" date,
	CONSTRAINT "scan_serial_days_pk" PRIMARY KEY("product_id","serial","day")
);
--> statement-breakpoint
CREATE TABLE "scan_serial_totals" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "scan_serial_totals_pk" PRIMARY KEY("product_id","serial")
);
--> statement-breakpoint
ALTER TABLE "scan_daily_rollups" ADD CONSTRAINT "scan_daily_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_serial_day_counts" ADD CONSTRAINT "scan_serial_day_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_serial_days" ADD CONSTRAINT "scan_serial_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_serial_totals" ADD CONSTRAINT "scan_serial_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_daily_rollups_company_dimension_day_idx" ON "scan_daily_rollups" USING btree ("company_id","dimension","day");--> statement-breakpoint
CREATE INDEX "scan_serial_days_company_day_idx" ON "scan_serial_days" USING btree ("company_id","day","product_id","serial","scans");--> statement-breakpoint
CREATE INDEX "scan_serial_totals_company_scans_idx" ON "scan_serial_totals" USING btree ("company_id","scans" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_serial_totals_product_scans_idx" ON "scan_serial_totals" USING btree ("product_id","scans" DESC NULLS LAST);--> statement-breakpoint
-- The daily and serial rollups of the scans recorded so far, from the hourly ones, in each company's time zone (as rollups.ts rebuilds them).
INSERT INTO "scan_daily_rollups" ("company_id", "product_id", "day", "dimension", "value", "scans")
SELECT r.company_id, p.product_id, (r.bucket AT TIME ZONE c.time_zone)::date, r.dimension, r.value, sum(r.scans)::int
FROM "scan_rollups" r JOIN "companies" c ON c.id = r.company_id CROSS JOIN LATERAL (VALUES (r.product_id), (0)) AS p(product_id)
WHERE r.dimension <> 'serial'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "scan_serial_days" ("company_id", "product_id", "serial", "day", "scans", "previous_day")
SELECT company_id, product_id, serial, day, scans, lag(day) OVER (PARTITION BY product_id, serial ORDER BY day)
FROM (
  SELECT r.company_id, r.product_id, r.value AS serial, (r.bucket AT TIME ZONE c.time_zone)::date AS day, sum(r.scans)::int AS scans
  FROM "scan_rollups" r JOIN "companies" c ON c.id = r.company_id
  WHERE r.dimension = 'serial'
  GROUP BY 1, 2, 3, 4
) d;--> statement-breakpoint
INSERT INTO "scan_serial_day_counts" ("company_id", "product_id", "day", "previous_day", "serials")
SELECT d.company_id, p.product_id, d.day, coalesce(d.previous_day, '0001-01-01'::date), count(*)::int
FROM "scan_serial_days" d CROSS JOIN LATERAL (VALUES (d.product_id), (0)) AS p(product_id)
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "scan_serial_totals" ("company_id", "product_id", "serial", "scans")
SELECT company_id, product_id, value, sum(scans)::int FROM "scan_rollups" WHERE dimension = 'serial' GROUP BY 1, 2, 3;
