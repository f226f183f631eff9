CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer,
	"actor_type" text NOT NULL,
	"actor_user_id" integer,
	"actor_api_key_id" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_company_at_idx" ON "audit_log" USING btree ("company_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_at_idx" ON "audit_log" USING btree ("actor_user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- hand-written below
-- The audit triggers (decision 088): every change of an audited table's row writes one audit_log row
-- in the same transaction, with the actor the API set as the transaction-local `audit.actor`.
CREATE OR REPLACE FUNCTION audit_value(col text, val jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  -- Secrets by column name: password hashes, key hashes, tokens, sealed keys, client and webhook secrets.
  IF col = ANY (ARRAY['password_hash', 'token_hash', 'code_hash', 'key_hash', 'sealed_key', 'sealed_keys', 'private_key_sealed',
                      'signature_token', 'secret', 'secret_hash', 'secret_sealed', 'client_secret', 'client_secret_sealed', 'webhook_secret'])
     OR col ~ '(secret|password|_hash$|_token$|sealed)' THEN
    RETURN CASE WHEN val IS NULL OR val = 'null'::jsonb THEN val ELSE '"[redacted]"'::jsonb END;
  END IF;
  IF val IS NOT NULL AND length(val::text) > 2000 THEN
    RETURN jsonb_build_object('truncated', true, 'length', length(val::text));
  END IF;
  RETURN val;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor_text text := nullif(current_setting('audit.actor', true), '');
  actor jsonb := coalesce(actor_text::jsonb, '{"t":"system","n":"database"}'::jsonb);
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  subject jsonb := coalesce(new_row, old_row);
  -- Columns the product's own machinery keeps current: a change of only these is no audited change.
  ignored text[] := ARRAY['updated_at', 'created_at', 'last_used_at', 'last_login_at', 'last_counter', 'last_tap_at', 'cursor', 'attempts',
                          'next_attempt_at', 'last_error', 'last_delivered_at', 'done', 'step'];
  changes jsonb := '{}'::jsonb;
  col text;
  company integer;
  rid text;
  label text;
  cached text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR col IN SELECT jsonb_object_keys(new_row) LOOP
      IF NOT col = ANY (ignored) AND (old_row -> col) IS DISTINCT FROM (new_row -> col) THEN
        changes := changes || jsonb_build_object(col, jsonb_build_object('from', audit_value(col, old_row -> col), 'to', audit_value(col, new_row -> col)));
      END IF;
    END LOOP;
    IF changes = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    FOR col IN SELECT jsonb_object_keys(subject) LOOP
      IF NOT col = ANY (ignored) THEN
        changes := changes || jsonb_build_object(col, audit_value(col, subject -> col));
      END IF;
    END LOOP;
  END IF;

  -- The row's id: `id`, or the columns the trigger names (tables keyed by several columns).
  SELECT string_agg(subject ->> key_col, ',') INTO rid FROM unnest(string_to_array(coalesce(TG_ARGV[0], 'id'), ',')) AS key_col;

  -- The company: the row's own, or its product's, project's or user's, else the actor's.
  IF TG_TABLE_NAME = 'companies' THEN
    company := (subject ->> 'id')::integer;
  ELSIF subject ? 'company_id' THEN
    company := (subject ->> 'company_id')::integer;
  ELSIF subject ? 'product_id' THEN
    SELECT p.company_id INTO company FROM products p WHERE p.id = (subject ->> 'product_id')::integer;
  ELSIF subject ? 'project_id' THEN
    SELECT p.company_id INTO company FROM projects p WHERE p.id = (subject ->> 'project_id')::integer;
  ELSIF subject ? 'passport_id' THEN
    SELECT p.company_id INTO company FROM passports pp JOIN products p ON p.id = pp.product_id WHERE pp.id = (subject ->> 'passport_id')::integer;
  ELSIF subject ? 'batch_id' THEN
    SELECT b.company_id INTO company FROM batches b WHERE b.id = (subject ->> 'batch_id')::integer;
  END IF;
  IF company IS NULL THEN
    company := (actor ->> 'c')::integer;
  END IF;

  -- The actor's name at the time, looked up once per transaction.
  cached := current_setting('audit.label', true);
  IF actor_text IS NOT NULL AND cached IS NOT NULL AND split_part(cached, E'\n', 1) = actor_text THEN
    label := substr(cached, length(actor_text) + 2);
  ELSE
    IF actor ->> 't' = 'user' THEN
      SELECT trim(u.first_name || ' ' || u.last_name || ' <' || u.email || '>') INTO label FROM users u WHERE u.id = (actor ->> 'u')::integer;
    ELSIF actor ->> 't' = 'api-key' THEN
      SELECT k.name || ' (' || k.prefix || '…)' INTO label FROM api_keys k WHERE k.id = (actor ->> 'k')::uuid;
    ELSE
      label := actor ->> 'n';
    END IF;
    label := coalesce(label, '');
    IF actor_text IS NOT NULL THEN
      PERFORM set_config('audit.label', actor_text || E'\n' || label, true);
    END IF;
  END IF;

  INSERT INTO audit_log (company_id, actor_type, actor_user_id, actor_api_key_id, actor_label, resource, resource_id, action, changes)
  VALUES (company, actor ->> 't', (actor ->> 'u')::integer, (actor ->> 'k')::uuid, label, TG_TABLE_NAME, coalesce(rid, ''),
          CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END, changes);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER plans_audit AFTER INSERT OR UPDATE OR DELETE ON plans FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER subscriptions_audit AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER projects_audit AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER sub_admin_access_audit AFTER INSERT OR UPDATE OR DELETE ON sub_admin_access FOR EACH ROW EXECUTE FUNCTION audit_row('user_id,project_id');
--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER entries_audit AFTER INSERT OR UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER certifications_audit AFTER INSERT OR UPDATE OR DELETE ON certifications FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER batches_audit AFTER INSERT OR UPDATE OR DELETE ON batches FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER batch_links_audit AFTER INSERT OR UPDATE OR DELETE ON batch_links FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER qualifiers_audit AFTER INSERT OR UPDATE OR DELETE ON qualifiers FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER recalls_audit AFTER INSERT OR UPDATE OR DELETE ON recalls FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER links_audit AFTER INSERT OR UPDATE OR DELETE ON links FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER product_contents_audit AFTER INSERT OR UPDATE OR DELETE ON product_contents FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER product_languages_audit AFTER INSERT OR UPDATE OR DELETE ON product_languages FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER product_texts_audit AFTER INSERT OR UPDATE OR DELETE ON product_texts FOR EACH ROW EXECUTE FUNCTION audit_row('product_id,language_code');
--> statement-breakpoint
CREATE TRIGGER product_designs_audit AFTER INSERT OR UPDATE OR DELETE ON product_designs FOR EACH ROW EXECUTE FUNCTION audit_row('product_id');
--> statement-breakpoint
CREATE TRIGGER passports_audit AFTER INSERT OR UPDATE OR DELETE ON passports FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER passport_versions_audit AFTER INSERT OR UPDATE OR DELETE ON passport_versions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER product_certificates_audit AFTER INSERT OR UPDATE OR DELETE ON product_certificates FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER passport_access_links_audit AFTER INSERT OR UPDATE OR DELETE ON passport_access_links FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER issuer_keys_audit AFTER INSERT OR UPDATE OR DELETE ON issuer_keys FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER api_keys_audit AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER traces_audit AFTER INSERT OR UPDATE OR DELETE ON traces FOR EACH ROW EXECUTE FUNCTION audit_row('product_id');
--> statement-breakpoint
CREATE TRIGGER epcis_captures_audit AFTER INSERT OR UPDATE OR DELETE ON epcis_captures FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER epcis_queries_audit AFTER INSERT OR UPDATE OR DELETE ON epcis_queries FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER epcis_subscriptions_audit AFTER INSERT OR UPDATE OR DELETE ON epcis_subscriptions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER counterfeit_reports_audit AFTER INSERT OR UPDATE OR DELETE ON counterfeit_reports FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER nfc_master_keys_audit AFTER INSERT OR UPDATE OR DELETE ON nfc_master_keys FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER nfc_tags_audit AFTER INSERT OR UPDATE OR DELETE ON nfc_tags FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER redirect_rules_audit AFTER INSERT OR UPDATE OR DELETE ON redirect_rules FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER code_jobs_audit AFTER INSERT OR UPDATE OR DELETE ON code_jobs FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER places_audit AFTER INSERT OR UPDATE OR DELETE ON places FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER analytics_rebuilds_audit AFTER INSERT OR UPDATE OR DELETE ON analytics_rebuilds FOR EACH ROW EXECUTE FUNCTION audit_row('company_id');
--> statement-breakpoint
-- EPCIS events are stored by the thousand (captures, the console's trace): one entry per statement
-- that stores some, with their count and id range, rather than one per event.
CREATE OR REPLACE FUNCTION audit_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := coalesce(nullif(current_setting('audit.actor', true), '')::jsonb, '{"t":"system","n":"database"}'::jsonb);
  stored integer;
  first_id text;
  last_id text;
  company integer;
  label text;
BEGIN
  SELECT count(*), min(id)::text, max(id)::text, min(company_id) INTO stored, first_id, last_id, company FROM stored_rows;
  IF stored = 0 THEN
    RETURN NULL;
  END IF;
  IF actor ->> 't' = 'user' THEN
    SELECT trim(u.first_name || ' ' || u.last_name || ' <' || u.email || '>') INTO label FROM users u WHERE u.id = (actor ->> 'u')::integer;
  ELSIF actor ->> 't' = 'api-key' THEN
    SELECT k.name || ' (' || k.prefix || '…)' INTO label FROM api_keys k WHERE k.id = (actor ->> 'k')::uuid;
  ELSE
    label := actor ->> 'n';
  END IF;
  INSERT INTO audit_log (company_id, actor_type, actor_user_id, actor_api_key_id, actor_label, resource, resource_id, action, changes)
  VALUES (coalesce(company, (actor ->> 'c')::integer), actor ->> 't', (actor ->> 'u')::integer, (actor ->> 'k')::uuid, coalesce(label, ''), TG_TABLE_NAME,
          first_id || '-' || last_id, 'create', jsonb_build_object('count', stored));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER epcis_events_audit AFTER INSERT ON epcis_events REFERENCING NEW TABLE AS stored_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_statement();
--> statement-breakpoint
-- Flags raised by the scan ingest are not audited when raised (hot path); a person's dismissal of one is.
CREATE TRIGGER suspicious_serials_audit AFTER UPDATE OF dismissed ON suspicious_serials FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER diversion_signals_audit AFTER UPDATE OF dismissed ON diversion_signals FOR EACH ROW EXECUTE FUNCTION audit_row();

--> statement-breakpoint
-- Single sign-on settings (the sealed client secret is redacted by its name) and the company's e-mail domains.
CREATE TRIGGER company_sso_audit AFTER INSERT OR UPDATE OR DELETE ON company_sso FOR EACH ROW EXECUTE FUNCTION audit_row('company_id');
--> statement-breakpoint
CREATE TRIGGER company_email_domains_audit AFTER INSERT OR UPDATE OR DELETE ON company_email_domains FOR EACH ROW EXECUTE FUNCTION audit_row('domain');
--> statement-breakpoint
-- Product-data webhooks: the subscriptions (their secret redacted); deliveries and their lines are the queue's bookkeeping.
CREATE TRIGGER webhook_subscriptions_audit AFTER INSERT OR UPDATE OR DELETE ON webhook_subscriptions FOR EACH ROW EXECUTE FUNCTION audit_row();
