CREATE TABLE "analytics_rebuilds" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"recipient_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "analytics_rebuilds" ADD CONSTRAINT "analytics_rebuilds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_idx" ON "mail_sends" USING btree ("recipient_key","sent_at");--> statement-breakpoint
CREATE INDEX "epcis_captures_running_idx" ON "epcis_captures" USING btree ("created_at") WHERE "epcis_captures"."status" = 'running';--> statement-breakpoint
-- Captures left running by the in-process queue of earlier versions kept no document: nothing of them was stored.
UPDATE "epcis_captures" SET "status" = 'failed', "finished_at" = now(), "errors" = '[{"type":"https://ref.gs1.org/standards/epcis/2.0.0/error/ImplementationException","title":"The capture was interrupted by an upgrade of the repository; nothing of it was stored. Capture the document again.","status":500}]'::jsonb WHERE "status" = 'running';
