CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"real_file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"module" text NOT NULL,
	"account_id" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"duration" real,
	"codec" text,
	"preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_session" (
	"account_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"real_file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"chunk_length" integer NOT NULL,
	"type" text NOT NULL,
	"research" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lease_until" timestamp with time zone,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_session_account_id_uuid_pk" PRIMARY KEY("account_id","uuid")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_key_uq" ON "stored_file" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_file_account_idx" ON "stored_file" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "upload_session_updated_idx" ON "upload_session" USING btree ("updated_at");