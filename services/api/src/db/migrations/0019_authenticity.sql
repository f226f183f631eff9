CREATE TABLE "counterfeit_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterfeit_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text,
	"purchase_place" text DEFAULT '' NOT NULL,
	"purchase_date" date,
	"seller" text DEFAULT '' NOT NULL,
	"photo_path" text,
	"email" text,
	"email_consent" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"visitor" text,
	"country" text,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterfeit_reports_status_known" CHECK ("counterfeit_reports"."status" in ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "diversion_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diversion_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "diversion_signals_product_serial_country_unique" UNIQUE("product_id","serial","country")
);
--> statement-breakpoint
CREATE TABLE "nfc_master_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nfc_master_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"sealed_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nfc_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nfc_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qualifier_id" integer NOT NULL,
	"uid" text NOT NULL,
	"key_source" text NOT NULL,
	"master_key_id" integer,
	"sealed_keys" text,
	"last_counter" integer DEFAULT -1 NOT NULL,
	"last_tap_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfc_tags_company_uid_unique" UNIQUE("company_id","uid"),
	CONSTRAINT "nfc_tags_qualifier_unique" UNIQUE("qualifier_id"),
	CONSTRAINT "nfc_tags_key_source_known" CHECK ("nfc_tags"."key_source" in ('master', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "nfc_taps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nfc_taps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"tag_id" integer,
	"uid" text,
	"counter" integer,
	"result" text NOT NULL,
	"country" text,
	"tapped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_checks" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_country" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "serial_checks_pk" PRIMARY KEY("product_id","serial")
);
--> statement-breakpoint
CREATE TABLE "serial_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qualifier_id" integer NOT NULL,
	"serial" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by" integer,
	"changed_by_name" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "intended_markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "status_changed_by" integer;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "counterfeit_reports" ADD CONSTRAINT "counterfeit_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversion_signals" ADD CONSTRAINT "diversion_signals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_master_keys" ADD CONSTRAINT "nfc_master_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_qualifier_id_qualifiers_id_fk" FOREIGN KEY ("qualifier_id") REFERENCES "public"."qualifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_master_key_id_nfc_master_keys_id_fk" FOREIGN KEY ("master_key_id") REFERENCES "public"."nfc_master_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_taps" ADD CONSTRAINT "nfc_taps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_checks" ADD CONSTRAINT "serial_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_status_changes" ADD CONSTRAINT "serial_status_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_status_changes" ADD CONSTRAINT "serial_status_changes_qualifier_id_qualifiers_id_fk" FOREIGN KEY ("qualifier_id") REFERENCES "public"."qualifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counterfeit_reports_company_idx" ON "counterfeit_reports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "counterfeit_reports_serial_idx" ON "counterfeit_reports" USING btree ("product_id","serial");--> statement-breakpoint
CREATE INDEX "counterfeit_reports_visitor_idx" ON "counterfeit_reports" USING btree ("visitor","created_at");--> statement-breakpoint
CREATE INDEX "diversion_signals_company_idx" ON "diversion_signals" USING btree ("company_id","last_at");--> statement-breakpoint
CREATE INDEX "nfc_master_keys_company_idx" ON "nfc_master_keys" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "nfc_taps_serial_idx" ON "nfc_taps" USING btree ("product_id","serial","tapped_at");--> statement-breakpoint
CREATE INDEX "serial_status_changes_serial_idx" ON "serial_status_changes" USING btree ("product_id","serial","changed_at");--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_status_known" CHECK ("qualifiers"."status" in ('active', 'deactivated', 'blacklisted'));