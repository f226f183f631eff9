CREATE TABLE "company_email_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_email_domains_lower_case" CHECK ("company_email_domains"."domain" = lower("company_email_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "company_sso" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"jit_role_id" integer,
	"mandatory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_sso_jit_role_known" CHECK ("company_sso"."jit_role_id" is null or "company_sso"."jit_role_id" in (2, 3))
);
--> statement-breakpoint
ALTER TABLE "company_email_domains" ADD CONSTRAINT "company_email_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sso" ADD CONSTRAINT "company_sso_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_email_domains_company_id_idx" ON "company_email_domains" USING btree ("company_id");