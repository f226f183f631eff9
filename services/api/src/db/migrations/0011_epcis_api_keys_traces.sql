CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "traces" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" integer
);
--> statement-breakpoint
CREATE TABLE "epcis_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"api_key_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"error_behaviour" text DEFAULT 'rollback' NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"stored_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "epcis_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "epcis_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"capture_id" uuid,
	"origin" text DEFAULT 'capture' NOT NULL,
	"event_id" text NOT NULL,
	"event_id_generated" boolean DEFAULT false NOT NULL,
	"event_type" text NOT NULL,
	"action" text,
	"event_time" timestamp with time zone NOT NULL,
	"event_time_zone_offset" text NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"biz_step" text,
	"disposition" text,
	"read_point" text,
	"biz_location" text,
	"parent_id" text,
	"epc_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"input_epcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"output_epcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"any_epcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"epc_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"input_epc_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"output_epc_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"any_epc_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"gtins" text[] DEFAULT '{}'::text[] NOT NULL,
	"biz_transactions" text[] DEFAULT '{}'::text[] NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"destinations" text[] DEFAULT '{}'::text[] NOT NULL,
	"error_declaration_time" timestamp with time zone,
	"error_reason" text,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epcis_queries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "epcis_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epcis_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"query_id" integer NOT NULL,
	"dest" text NOT NULL,
	"signature_token" text,
	"report_if_empty" boolean DEFAULT false NOT NULL,
	"stream" boolean DEFAULT true NOT NULL,
	"schedule" jsonb,
	"initial_record_time" timestamp with time zone,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_queries" ADD CONSTRAINT "epcis_queries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_query_id_epcis_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."epcis_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "epcis_captures_company_idx" ON "epcis_captures" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_events_company_event_id_idx" ON "epcis_events" USING btree ("company_id","event_id") WHERE "epcis_events"."error_declaration_time" is null;--> statement-breakpoint
CREATE INDEX "epcis_events_company_event_id_all_idx" ON "epcis_events" USING btree ("company_id","event_id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_record_idx" ON "epcis_events" USING btree ("company_id","record_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_time_idx" ON "epcis_events" USING btree ("company_id","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_biz_step_idx" ON "epcis_events" USING btree ("company_id","biz_step","event_time");--> statement-breakpoint
CREATE INDEX "epcis_events_epc_list_gin" ON "epcis_events" USING gin ("epc_list");--> statement-breakpoint
CREATE INDEX "epcis_events_any_epcs_gin" ON "epcis_events" USING gin ("any_epcs");--> statement-breakpoint
CREATE INDEX "epcis_events_any_epc_classes_gin" ON "epcis_events" USING gin ("any_epc_classes");--> statement-breakpoint
CREATE INDEX "epcis_events_gtins_gin" ON "epcis_events" USING gin ("gtins");--> statement-breakpoint
CREATE INDEX "epcis_events_biz_transactions_gin" ON "epcis_events" USING gin ("biz_transactions");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_queries_company_name_idx" ON "epcis_queries" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_company_idx" ON "epcis_subscriptions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_query_idx" ON "epcis_subscriptions" USING btree ("query_id");