ALTER TABLE "epcis_subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD COLUMN "test_status" text;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD COLUMN "tested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD COLUMN "test_error" text;--> statement-breakpoint
-- Live EPCIS streams (decision 082): each committed insert of events tells every API process which
-- rows it stored, by company, in chunks that fit a notification; a revoked key and a deleted named
-- query close their streams. NOTIFY is transactional: nothing is told of a rolled-back capture.
CREATE FUNCTION epcis_streams_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  FOR chunk IN
    SELECT company_id, array_agg(id ORDER BY id) AS ids
    FROM (SELECT company_id, id, (row_number() OVER (PARTITION BY company_id ORDER BY id) - 1) / 200 AS part FROM inserted) AS numbered
    GROUP BY company_id, part
  LOOP
    PERFORM pg_notify('epcis_streams', json_build_object('c', chunk.company_id, 'ids', chunk.ids)::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER epcis_events_streams AFTER INSERT ON epcis_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION epcis_streams_events_notify();
--> statement-breakpoint
CREATE FUNCTION epcis_streams_key_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('epcis_streams', json_build_object('k', NEW.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_streams AFTER UPDATE OF revoked_at ON api_keys FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION epcis_streams_key_revoked_notify();
--> statement-breakpoint
CREATE FUNCTION epcis_streams_query_deleted_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('epcis_streams', json_build_object('q', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER epcis_queries_streams AFTER DELETE ON epcis_queries FOR EACH ROW EXECUTE FUNCTION epcis_streams_query_deleted_notify();
