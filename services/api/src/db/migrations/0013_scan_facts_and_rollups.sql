CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_rollups" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "scan_rollups_pk" PRIMARY KEY("product_id","bucket","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "scan_visitors_daily" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "scan_visitors_daily_pk" PRIMARY KEY("product_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "suspicious_serials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suspicious_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"reason" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspicious_serials_product_serial_reason_unique" UNIQUE("product_id","serial","reason")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "serial" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "view" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "scan_rollups" ADD CONSTRAINT "scan_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_serials" ADD CONSTRAINT "suspicious_serials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_rollups_company_dimension_bucket_idx" ON "scan_rollups" USING btree ("company_id","dimension","bucket");--> statement-breakpoint
CREATE INDEX "suspicious_serials_company_idx" ON "suspicious_serials" USING btree ("company_id","flagged_at");--> statement-breakpoint
CREATE INDEX "scans_product_serial_time_idx" ON "scans" USING btree ("product_id","serial","scanned_at");