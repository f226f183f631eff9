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
CREATE TABLE "recalls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recalls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"scope" text NOT NULL,
	"batch_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"lots" text[] DEFAULT '{}'::text[] NOT NULL,
	"serial_from" text,
	"serial_to" text,
	"reason" text NOT NULL,
	"action" text NOT NULL,
	"contact" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recalls_scope_known" CHECK ("recalls"."scope" in ('batches', 'serials', 'product'))
);
--> statement-breakpoint
CREATE TABLE "redirect_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redirect_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer,
	"link_type" text NOT NULL,
	"ord" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"target_url" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"devices" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"batch" text DEFAULT 'any' NOT NULL,
	"serial" text DEFAULT 'any' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"request" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"file_key" text,
	"error" text,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "code_jobs_kind_known" CHECK ("code_jobs"."kind" in ('serials', 'export')),
	CONSTRAINT "code_jobs_status_known" CHECK ("code_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "qualifiers" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "batch_links" ADD CONSTRAINT "batch_links_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirect_rules" ADD CONSTRAINT "redirect_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirect_rules" ADD CONSTRAINT "redirect_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_jobs" ADD CONSTRAINT "code_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_jobs" ADD CONSTRAINT "code_jobs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_links_batch_id_idx" ON "batch_links" USING btree ("batch_id","ord");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_entry_lot_unique" ON "batches" USING btree ("entry_id","lot");--> statement-breakpoint
CREATE INDEX "batches_product_id_idx" ON "batches" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "recalls_company_id_idx" ON "recalls" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "recalls_product_id_idx" ON "recalls" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "redirect_rules_product_idx" ON "redirect_rules" USING btree ("product_id","link_type","ord");--> statement-breakpoint
CREATE INDEX "redirect_rules_company_idx" ON "redirect_rules" USING btree ("company_id","link_type","ord");--> statement-breakpoint
CREATE INDEX "code_jobs_product_idx" ON "code_jobs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "code_jobs_finished_idx" ON "code_jobs" USING btree ("finished_at");--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualifiers_batch_id_idx" ON "qualifiers" USING btree ("batch_id");