CREATE TABLE "device_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"equipment_id" integer
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"producer" text DEFAULT '' NOT NULL,
	"host_ip" text DEFAULT '' NOT NULL,
	"remote_ip" text DEFAULT '' NOT NULL,
	"school_id" integer NOT NULL,
	"new_class_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"is_record" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_tour" integer DEFAULT 0 NOT NULL,
	"secret_hash" text NOT NULL,
	"teacher_stream_key" text NOT NULL,
	"student_stream_key" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"target_version" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"pushing" jsonb DEFAULT '{"teacher":false,"student":false}'::jsonb NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"teacher_live" boolean DEFAULT false NOT NULL,
	"student_live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_command" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"created_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "host_code_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"record_type" integer NOT NULL,
	"account_id" integer NOT NULL,
	"equipment_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_command" ADD CONSTRAINT "equipment_command_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_code_uq" ON "device_code" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_code_uq" ON "equipment" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_teacher_key_uq" ON "equipment" USING btree ("teacher_stream_key");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_student_key_uq" ON "equipment" USING btree ("student_stream_key");--> statement-breakpoint
CREATE INDEX "equipment_school_idx" ON "equipment" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "equipment_command_device_idx" ON "equipment_command" USING btree ("equipment_id","status","id");--> statement-breakpoint
CREATE INDEX "host_code_record_code_idx" ON "host_code_record" USING btree ("code","id");