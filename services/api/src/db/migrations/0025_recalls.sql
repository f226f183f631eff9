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
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recalls_company_id_idx" ON "recalls" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "recalls_product_id_idx" ON "recalls" USING btree ("product_id");