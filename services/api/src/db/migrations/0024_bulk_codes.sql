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
ALTER TABLE "code_jobs" ADD CONSTRAINT "code_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_jobs" ADD CONSTRAINT "code_jobs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_jobs_product_idx" ON "code_jobs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "code_jobs_finished_idx" ON "code_jobs" USING btree ("finished_at");