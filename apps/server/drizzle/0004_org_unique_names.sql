CREATE UNIQUE INDEX "grade_period_name_uq" ON "grade" USING btree ("period_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "period_school_name_uq" ON "period" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "school_class_name_uq" ON "school_class" USING btree ("school_id","grade_id","entry_year","name");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_period_name_uq" ON "subject" USING btree ("period_id","name");