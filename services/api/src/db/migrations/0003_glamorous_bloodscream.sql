CREATE TABLE "qualifiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualifiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"identifier_code" text NOT NULL,
	"qualifier_path" text NOT NULL,
	"value" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"qualifier_path" text,
	"link_type" text NOT NULL,
	"lang" text,
	"device" text DEFAULT 'other' NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "smart_label_setting" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "entry_id" integer;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "qualifier_id" integer;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "title_eng" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "modified_title" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "content_type" text DEFAULT 'text/html' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "context" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "group" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "is_auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qualifiers_live_path_unique" ON "qualifiers" USING btree ("entry_id","qualifier_path") WHERE "qualifiers"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "qualifiers_entry_id_idx" ON "qualifiers" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "scans_company_time_idx" ON "scans" USING btree ("company_id","scanned_at");--> statement-breakpoint
CREATE INDEX "scans_product_time_idx" ON "scans" USING btree ("product_id","scanned_at");--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_qualifier_id_qualifiers_id_fk" FOREIGN KEY ("qualifier_id") REFERENCES "public"."qualifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "links_entry_id_idx" ON "links" USING btree ("entry_id","qualifier_id");--> statement-breakpoint
UPDATE "links" SET "entry_id" = "products"."entry_id" FROM "products" WHERE "links"."product_id" = "products"."id" AND "links"."entry_id" IS NULL;
