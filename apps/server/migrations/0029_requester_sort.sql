-- The staff request list's requester sort walks one index from where the last page ended. The
-- requester's names live in users; an index covers one table, so a request keeps copies of both,
-- kept by the triggers below whoever writes (the app never writes them).
ALTER TABLE "requests" ADD COLUMN "requester_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "requester_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "requests" r SET "requester_last_name" = coalesce(u.last_name, ''), "requester_first_name" = coalesce(u.first_name, '')
  FROM users u WHERE u.id = r.requester_user_id;--> statement-breakpoint
-- A request takes its requester's names when it is made or given to another requester.
-- Run as the writer (row-level security applies): the requester is the request's tenant's.
CREATE OR REPLACE FUNCTION request_copy_requester_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(u.last_name, ''), coalesce(u.first_name, '') INTO NEW.requester_last_name, NEW.requester_first_name
    FROM users u WHERE u.id = NEW.requester_user_id;
  NEW.requester_last_name := coalesce(NEW.requester_last_name, '');
  NEW.requester_first_name := coalesce(NEW.requester_first_name, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER request_copy_requester_names BEFORE INSERT OR UPDATE OF requester_user_id ON requests
  FOR EACH ROW EXECUTE FUNCTION request_copy_requester_names();--> statement-breakpoint
-- A renamed person's requests follow (the people module owns users; this trigger is the requests
-- module's, and writes only its own table).
CREATE OR REPLACE FUNCTION user_name_to_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET requester_last_name = coalesce(NEW.last_name, ''), requester_first_name = coalesce(NEW.first_name, '')
    WHERE requester_user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_name_to_requests AFTER UPDATE OF last_name, first_name ON users
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name)
  EXECUTE FUNCTION user_name_to_requests();--> statement-breakpoint
-- In the list's exact order (number last), so a page of the requester sort is one range of it,
-- either way round.
CREATE INDEX "requests_list_requester_idx" ON "requests" USING btree ("institution_id","requester_last_name","requester_first_name","number");
