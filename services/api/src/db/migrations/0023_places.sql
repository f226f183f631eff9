CREATE TABLE "places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"gln" text,
	"extension" text,
	"name" text NOT NULL,
	"type" text DEFAULT 'site' NOT NULL,
	"street_address" text,
	"city" text,
	"postal_code" text,
	"region" text,
	"country_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"parent_id" integer,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin" text DEFAULT 'console' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_parent_id_places_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "places_company_identifier_idx" ON "places" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE INDEX "places_company_name_idx" ON "places" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "places_parent_idx" ON "places" USING btree ("parent_id");