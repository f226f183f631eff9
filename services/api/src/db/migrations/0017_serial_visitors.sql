CREATE TABLE "scan_serial_visitors" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"day" date NOT NULL,
	"address" text NOT NULL,
	"country" text,
	"region" text,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scan_serial_visitors_pk" PRIMARY KEY("product_id","serial","day","address")
);
--> statement-breakpoint
ALTER TABLE "scan_serial_visitors" ADD CONSTRAINT "scan_serial_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_serial_visitors_day_idx" ON "scan_serial_visitors" USING btree ("day");