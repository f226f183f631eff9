CREATE TABLE "batch_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"link_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"target_url" text NOT NULL,
	"lang" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"ord" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"lot" text NOT NULL,
	"batch_path" text NOT NULL,
	"production_date" date,
	"expiry_date" date,
	"best_before_date" date,
	"quantity" integer,
	"site" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "batch_links" ADD CONSTRAINT "batch_links_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_links_batch_id_idx" ON "batch_links" USING btree ("batch_id","ord");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_entry_lot_unique" ON "batches" USING btree ("entry_id","lot");--> statement-breakpoint
CREATE INDEX "batches_product_id_idx" ON "batches" USING btree ("product_id","id");--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualifiers_batch_id_idx" ON "qualifiers" USING btree ("batch_id");