CREATE TABLE "passport_access_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passport_access_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passport_access_links_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "passport_access_links_level_known" CHECK ("passport_access_links"."level" in ('legitimateInterest', 'authority'))
);
--> statement-breakpoint
CREATE TABLE "passport_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passport_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"passport_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"template" text NOT NULL,
	"data" jsonb NOT NULL,
	"access_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passport_versions_passport_version_unique" UNIQUE("passport_id","version"),
	CONSTRAINT "passport_versions_status_consistent" CHECK (("passport_versions"."status" = 'draft' and "passport_versions"."version" = 0 and "passport_versions"."published_at" is null) or ("passport_versions"."status" = 'published' and "passport_versions"."version" >= 1 and "passport_versions"."published_at" is not null)),
	CONSTRAINT "passport_versions_template_known" CHECK ("passport_versions"."template" in ('core', 'battery'))
);
--> statement-breakpoint
CREATE TABLE "passports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"template" text DEFAULT 'core' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passports_product_unique" UNIQUE("product_id"),
	CONSTRAINT "passports_template_known" CHECK ("passports"."template" in ('core', 'battery'))
);
--> statement-breakpoint
CREATE TABLE "product_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"certification_id" integer NOT NULL,
	"position" integer NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"document_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passport_access_links" ADD CONSTRAINT "passport_access_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD CONSTRAINT "passport_versions_passport_id_passports_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."passports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certificates" ADD CONSTRAINT "product_certificates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certificates" ADD CONSTRAINT "product_certificates_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passport_access_links_product_idx" ON "passport_access_links" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_certificates_product_idx" ON "product_certificates" USING btree ("product_id","position");--> statement-breakpoint
CREATE FUNCTION "passport_versions_published_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'published' THEN
    RAISE EXCEPTION 'passport version % of passport % is published and cannot change', OLD."version", OLD."passport_id" USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "passport_versions_published_immutable" BEFORE UPDATE ON "passport_versions" FOR EACH ROW EXECUTE FUNCTION "passport_versions_published_immutable"();
