CREATE TABLE "mail_sends" (
	"recipient_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD COLUMN "document" jsonb;--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_idx" ON "mail_sends" USING btree ("recipient_key","sent_at");--> statement-breakpoint
CREATE INDEX "epcis_captures_running_idx" ON "epcis_captures" USING btree ("created_at") WHERE "epcis_captures"."status" = 'running';--> statement-breakpoint
-- Captures left running by the in-process queue of earlier versions kept no document: nothing of them was stored.
UPDATE "epcis_captures" SET "status" = 'failed', "finished_at" = now(), "errors" = '[{"type":"https://ref.gs1.org/standards/epcis/2.0.0/error/ImplementationException","title":"The capture was interrupted by an upgrade of the repository; nothing of it was stored. Capture the document again.","status":500}]'::jsonb WHERE "status" = 'running';
