DROP INDEX "epcis_events_company_biz_step_idx";--> statement-breakpoint
CREATE INDEX "epcis_events_company_type_time_idx" ON "epcis_events" USING btree ("company_id","event_type","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_disposition_time_idx" ON "epcis_events" USING btree ("company_id","disposition","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_read_point_time_idx" ON "epcis_events" USING btree ("company_id","read_point","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_biz_location_time_idx" ON "epcis_events" USING btree ("company_id","biz_location","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_sources_gin" ON "epcis_events" USING gin ("sources");--> statement-breakpoint
CREATE INDEX "epcis_events_destinations_gin" ON "epcis_events" USING gin ("destinations");--> statement-breakpoint
CREATE INDEX "epcis_events_company_biz_step_idx" ON "epcis_events" USING btree ("company_id","biz_step","event_time","id");